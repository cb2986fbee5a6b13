// The one module that builds R2 object keys: every key starts with its school's id.

/** The version part of a file key, as the Worker makes it (a UUID): anything else names nothing. */
export const FILE_VERSION = /^[A-Za-z0-9-]{1,64}$/;
export const logoKey = (instanceId: string, version: string) => `instances/${instanceId}/logo/${version}`;
/** A student's photo; a new version gets a new key, so a cached copy never goes stale. */
export const studentPhotoKey = (instanceId: string, studentId: string, version: string) =>
  `instances/${instanceId}/students/${studentId}/photo/${version}`;
/** A resource's file; a new file gets a new version, so a cached copy never goes stale. */
export const resourceKey = (instanceId: string, resourceId: string, version: string) =>
  `instances/${instanceId}/resources/${resourceId}/${version}`;
