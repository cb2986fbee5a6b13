// Several reads in one request (issue 29, decision 271): the background reads a device makes after
// a sign-in so its classes open offline (web/app/working-data.ts), sent together instead of one
// request each. Each address is read as its own GET would be, with the caller's token: the same
// access rule, the same answer and the same ETag.
import { z } from 'zod';
import { area, post } from './endpoint';
import { READS_PER_REQUEST } from '../domain/reads';

/** An address as a URL keeps it (no '.' or '..' segment, encoded or not): the one that is read. */
const normal = (path: string) => {
  const url = new URL(path, 'http://portail.invalid');
  return url.pathname + url.search === path && !/^\/api\/reads(\/|$)/.test(url.pathname);
};

/** A read of this API: its path under /api with its query, never this endpoint itself. */
const readPath = z
  .string()
  .max(400)
  .regex(/^\/api\/[A-Za-z0-9\-._~%/]+(\?[A-Za-z0-9\-._~%&=+]*)?$/)
  .refine(normal);

/** One read's outcome: its status, its ETag and its body (the JSON a GET of the address answers). */
export const readPart = z.union([
  z.strictObject({
    path: z.string(),
    status: z.number(),
    etag: z.string().nullable(),
    body: z.unknown(),
  }),
  /** Unchanged since the ETag the device sent for it (issue 39): nothing more, the device keeps its copy. */
  z.strictObject({ status: z.literal(304) }),
]);

/** An ETag as a device sends it back (a weak or strong validator of ours). */
const etag = z
  .string()
  .max(100)
  .regex(/^(W\/)?"[^"\s]*"$/)
  .nullable();

export const readsApi = area('reads', {
  batch: post(
    '/reads',
    `Up to ${READS_PER_REQUEST} reads in one request (decision 271): each address is answered as its own GET with the caller's token would be (access rule, status, body, ETag), in the order given. With the ETag of the copy the device holds of an address, an unchanged one answers \`{status: 304}\` alone (the device's whole stored set revalidated in one request, decision 320). Nothing is written.`,
    {
      body: z
        .strictObject({
          paths: z.array(readPath).min(1).max(READS_PER_REQUEST),
          /** The ETag of the copy the device holds of each address (null: none): an unchanged one answers 304 alone. */
          etags: z.array(etag).max(READS_PER_REQUEST).optional(),
        })
        .refine((b) => !b.etags || b.etags.length === b.paths.length),
      answers: { 200: z.strictObject({ parts: z.array(readPart) }) },
    },
  ),
});

export type ReadPart = z.output<typeof readPart>;
