// The one module that builds R2 object keys: every key starts with its school's id.
export const logoKey = (instanceId: string, version: string) => `instances/${instanceId}/logo/${version}`;
/** A student's photo; a new version gets a new key, so a cached copy never goes stale. */
export const studentPhotoKey = (instanceId: string, studentId: string, version: string) =>
  `instances/${instanceId}/students/${studentId}/photo/${version}`;
