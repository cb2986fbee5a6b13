// The offline copy of API reads. The service worker fills the Cache Storage cache `api-data`
// (network first); a screen whose write was queued patches the same copy so that, offline,
// it keeps showing the change (architecture guide, offline protocol).
export const API_CACHE = 'api-data';

/** Rewrites the cached answer of a GET (path under /api, with its query) if there is one. */
export async function updateCachedGet<T>(path: string, update: (data: T) => T): Promise<void> {
  if (!('caches' in window)) return;
  const cache = await caches.open(API_CACHE);
  const url = new URL(`/api${path}`, location.origin).toString();
  const cached = await cache.match(url);
  if (!cached) return;
  const data = (await cached.json()) as T;
  await cache.put(
    url,
    new Response(JSON.stringify(update(data)), {
      headers: { 'Content-Type': 'application/json; charset=utf-8', 'X-From-Cache': 'optimistic' },
    }),
  );
}
