// The names of the caches the page and the service worker share (architecture guide, offline
// protocol; decisions 180, 320). An account's reads are kept in its own cache, sealed with its data
// key (web/vault: `apiCacheOf`); sign-out forgets the key and keeps them, unreadable. The built
// files (the app itself) and the public answers hold no school data.
/** The one cache of every account's reads, in the clear, before decision 320: deleted. */
export const LEGACY_API_CACHE = 'api-data';
/** Answers to reads made without an account (the school's name and logo for the sign-in page):
 *  public, so they outlive a sign-out and the next visit revalidates them (a 304). */
export const PUBLIC_CACHE = 'public-data';
/** One cache of built files per version: `portail-files-<version>`. */
export const FILES_CACHE_PREFIX = 'portail-files-';
