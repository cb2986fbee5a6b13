// R2, the one way: an uploaded image stored under a fresh key (its type sniffed from its bytes,
// never taken from the client), a stored file served, replaced or orphaned files deleted once the
// answer is on its way. Logos, student photos and next the resources all go through here; keys
// come from files/keys.ts.
import type { Context } from 'hono';
import type { AppBindings } from '../env';
import { ApiError, badRequest, notFound } from '../lib/errors';
import { decodeDataUrl, sniffImageType } from './images';

/** Stores a `data:image/…` URL under `key`: 400 with `wrongType` unless it is a PNG, JPEG, GIF or WebP, 413 with `tooLarge` past `maxBytes`. */
export async function storeImage(
  env: Env,
  key: string,
  dataUrl: string,
  limits: { maxBytes: number; wrongType: string; tooLarge: string },
) {
  const bytes = decodeDataUrl(dataUrl);
  const type = bytes && sniffImageType(bytes);
  if (!bytes || !type) throw badRequest(limits.wrongType);
  if (bytes.byteLength > limits.maxBytes) throw new ApiError(413, 'too_large', limits.tooLarge);
  await env.FILES.put(key, bytes, { httpMetadata: { contentType: type } });
  return key;
}

/** A stored file, cached for good (a new version gets a new key): publicly, or by the caller only. 404 when absent. */
export async function serveFile(env: Env, key: string | null, cache: 'public' | 'private'): Promise<Response> {
  const object = key ? await env.FILES.get(key) : null;
  if (!object) throw notFound();
  return new Response(object.body, {
    headers: {
      'Content-Type': object.httpMetadata?.contentType ?? 'application/octet-stream',
      'Cache-Control': `${cache}, max-age=31536000, immutable`,
    },
  });
}

/** Deletes files once the answer is on its way: nothing stays stored after its record moved on. */
export function dropFiles<E extends AppBindings>(c: Context<E>, keys: (string | null | undefined)[]) {
  const list = keys.filter((k): k is string => Boolean(k));
  if (list.length === 0) return;
  const work = c.env.FILES.delete(list).catch((e: unknown) => console.error(`file clean-up failed: ${String(e)}`));
  try {
    c.executionCtx.waitUntil(work);
  } catch {
    // no execution context (tests calling the app directly): the promise still runs
  }
}
