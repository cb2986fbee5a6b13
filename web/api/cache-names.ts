// The names of the caches the page and the service worker share (architecture guide, offline
// protocol; decision 180). Only `api-data` holds a school's data: signing out deletes it. The
// built files (the app itself, no data) stay, so the next sign-in opens from the phone.
export const API_CACHE = 'api-data';
/** One cache of built files per version: `portail-files-<version>`. */
export const FILES_CACHE_PREFIX = 'portail-files-';
