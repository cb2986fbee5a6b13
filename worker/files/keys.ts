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

/** Whose a stored key is, read back from its shape (the file sweep); null for a key the Worker does not make. */
export type FileOwner =
  | { kind: 'logo'; school: string }
  | { kind: 'photo'; school: string; studentId: string }
  | { kind: 'resource'; school: string; resourceId: string };

export function fileOwner(key: string): FileOwner | null {
  const parts = key.split('/');
  if (parts[0] !== 'instances' || !parts[1] || !FILE_VERSION.test(parts.at(-1) ?? '')) return null;
  const school = parts[1];
  if (parts.length === 4 && parts[2] === 'logo') return { kind: 'logo', school };
  if (parts.length === 6 && parts[2] === 'students' && parts[4] === 'photo' && parts[3])
    return { kind: 'photo', school, studentId: parts[3] };
  if (parts.length === 5 && parts[2] === 'resources' && parts[3])
    return { kind: 'resource', school, resourceId: parts[3] };
  return null;
}

/** Every key of every school starts with this. */
export const SCHOOLS_PREFIX = 'instances/';
