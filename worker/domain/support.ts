// The support chat's versions as ETags (decision 140): a conversation's and the hub's. The
// routes answer them and read them back from If-None-Match; the pages compute the tag of a
// pushed change to hold it without polling.

/** The ETag of a conversation's version (the teacher's and the administration's reads of it). */
export const conversationTag = (teacherId: string, version: number) => `"c-${teacherId}-${version}"`;

/** The ETag of the hub's version (the conversation list, the unread count). */
export const hubTag = (kind: 'list' | 'unread', version: number) => `"${kind}-${version}"`;

/** The version an If-None-Match holds when it is exactly `tag(version)` (weak or not), else undefined. */
export function heldVersion(ifNoneMatch: string | undefined, tag: (version: number) => string): number | undefined {
  const value = ifNoneMatch?.trim().replace(/^W\//, '');
  const match = value ? /-(\d{1,15})"$/.exec(value) : null;
  if (!match) return undefined;
  const version = Number(match[1]);
  return tag(version) === value ? version : undefined;
}
