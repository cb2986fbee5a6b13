// A school's backup and its restore (issue 30, decisions 262 and 312). The backup is one ZIP,
// streamed; the restore is sent by the console in pieces (the ZIP is read in the page): its
// signed manifest, then each entry (a page of a table or of the support chat, or a file), then
// the end, which checks that everything landed. Each piece is idempotent: sending one again
// writes nothing twice. The backup is written into a new school no host reaches; the school the
// console named stays as it is until the end, where the restored school takes its place: an
// entry refused drops the new school and leaves the named one as it was.
import { z } from 'zod';
import { idParams } from './common';
import { type Answer, area, message, post } from './endpoint';

const entryName = z
  .string()
  .max(300)
  .regex(/^(tables|chat|files)\/[^\0]+$/);

export const backupApi = area('backup', {
  schoolBackup: post(
    '/admin/backup',
    "The school's backup, one ZIP streamed as it is made: every table of the school (JSON), its files, a manifest with counts, schema version and SHA-256 checksums, signed.",
    { offline: 'never', binary: 'file' },
  ),
  platformBackup: post('/superadmin/schools/:id/backup', "Any school's backup (the superadmin), as /admin/backup.", {
    offline: 'never',
    params: idParams,
    binary: 'file',
  }),
  restoreStart: post(
    '/superadmin/schools/:id/restore/start',
    'Starts restoring a backup in place of a school holding no data: checks the manifest’s signature and that its tables and columns exist, and opens a new school, out of reach, in the chosen school database (by default the school’s own), that the entries fill; the named school is not touched.',
    {
      offline: 'never',
      params: idParams,
      body: z.object({
        manifest: z.string().max(8 * 1024 * 1024),
        signature: z.string().max(200),
        database: z.string().max(100).optional(),
      }),
      answers: { 200: message },
    },
  ),
  restoreEntry: post(
    '/superadmin/schools/:id/restore/entry',
    "Restores one entry of the backup into the new school: a page of a table's rows or of the support chat (checked against its checksum, ids renewed, the school rewritten) or one file. An entry refused ends the restore: the new school is dropped, the named one stays as it was, and the message says why.",
    {
      offline: 'never',
      params: idParams,
      body: z.object({ name: entryName, text: z.string().optional(), base64: z.string().optional() }),
      answers: { 200: message },
    },
  ),
  restoreFinish: post(
    '/superadmin/schools/:id/restore/finish',
    "Ends a restore: every table and the support chat hold the manifest's count of rows and every file is there; the restored school takes the named school's place (its name, hostnames, status and access end) with the backup's settings, and the named school is deleted. Answers the restored school's id.",
    { offline: 'never', params: idParams, answers: { 200: z.strictObject({ message: z.string(), id: z.string() }) } },
  ),
});

export type RestoreFinished = Answer<typeof backupApi.restoreFinish>;
