// The names of the caches the page and the service worker share (architecture guide, offline
// protocol; decision 180). Only `api-data` holds a school's data: signing out deletes it. The
// built files (the app itself) and the public answers stay, so the next sign-in opens from the phone.
export const API_CACHE = 'api-data';
/** Answers to reads made without an account (the school's name and logo for the sign-in page):
 *  public, so they outlive a sign-out and the next visit revalidates them (a 304). */
export const PUBLIC_CACHE = 'public-data';
/** One cache of built files per version: `portail-files-<version>`. */
export const FILES_CACHE_PREFIX = 'portail-files-';
