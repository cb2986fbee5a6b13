// A school's backup and its restore (issue 30, decision 262). The backup is one ZIP, streamed; the
// restore is sent by the console in pieces (the ZIP is read in the page): its signed manifest,
// then each entry (a page of a table, or a file), then the end, which checks that everything
// landed. Each piece is idempotent: sending one again writes nothing twice.
import { z } from 'zod';
import { idParams } from './common';
import { area, idNotice, message, post } from './endpoint';

const entryName = z
  .string()
  .max(300)
  .regex(/^(tables|files)\/[^\0]+$/);

export const backupApi = area('backup', {
  schoolBackup: post(
    '/admin/backup',
    "The school's backup, one ZIP streamed as it is made: every table of the school (JSON), its files, a manifest with counts, schema version and SHA-256 checksums, signed.",
    { binary: 'file' },
  ),
  platformBackup: post('/superadmin/schools/:id/backup', "Any school's backup (the superadmin), as /admin/backup.", {
    params: idParams,
    binary: 'file',
  }),
  restoreStart: post(
    '/superadmin/schools/:id/restore/start',
    'Starts restoring a backup into a new, empty school: checks the manifest’s signature and that its tables and columns exist, empties the school of its creation defaults (its first admin and roles come from the backup).',
    {
      params: idParams,
      body: z.object({ manifest: z.string().max(8 * 1024 * 1024), signature: z.string().max(200) }),
      answers: { 200: message },
    },
  ),
  restoreEntry: post(
    '/superadmin/schools/:id/restore/entry',
    "Restores one entry of the backup: a page of a table's rows (checked against its checksum, ids kept, the school rewritten) or one file.",
    {
      params: idParams,
      body: z.object({ name: entryName, text: z.string().optional(), base64: z.string().optional() }),
      answers: { 200: message },
    },
  ),
  restoreFinish: post(
    '/superadmin/schools/:id/restore/finish',
    "Ends a restore: every table holds the manifest's count of rows and every file is there; the school takes the backup's settings (currency, passing grade, receipt counter, logo).",
    idNotice,
  ),
});
