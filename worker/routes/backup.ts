// A school's backup and its restore (issue 30, decision 262): the routes of contract/backup.ts.
// The backup is the school admin's (their own school) and the superadmin's (any school); the
// restore is the superadmin's, into a new, empty school.
import { Hono } from 'hono';
import { allow } from '../auth/access';
import { backupApi as api } from '../contract/backup';
import { backupServerText as t } from '../contract/texts/backup';
import * as backup from '../db/backup';
import type { Db } from '../db/client';
import { schoolDatabase } from '../db/databases';
import * as instances from '../db/instances';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type BackupManifest,
  type BackupSchool,
  rewriteValue,
  schoolPrefix,
  type TablePage,
} from '../domain/backup';
import { schoolToday } from '../domain/dates';
import type { AppBindings, AppContext } from '../env';
import { badRequest, conflict, found } from '../lib/errors';
import { backupStream, manifestSigned, sha256 } from '../lib/backup';
import { route } from '../lib/route';
import { commit, commitToSchool } from '../lib/write';
import type { Context } from 'hono';
import { schoolSettingsOf } from './instance';

export const backupRoutes = new Hono<AppBindings>();

/** Where a restore keeps the manifest it checked, between its pieces (under the school's prefix). */
const restoreKey = (school: string) => `${schoolPrefix(school)}restore/manifest.json`;

const schoolOf = (row: instances.InstanceRow): BackupSchool => ({
  ...schoolSettingsOf(row),
  logo_key: row.logoKey,
  receipt_seq: row.receiptSeq,
});

/** A school of the platform, for the superadmin: its database (as the directory names it) and its row there. */
async function schoolAt(c: AppContext, id: string) {
  const route = found(await instances.getRoute(c.var.directory, id), t.schoolNotFound);
  const db = schoolDatabase(c.env, route.shard);
  return { db, row: found(await instances.getInstance(db, id), t.schoolNotFound) };
}

/** The backup's answer: the ZIP, streamed; the download is written to the log first. */
async function sendBackup<E extends AppBindings>(c: Context<E>, db: Db, row: instances.InstanceRow) {
  await commit(c, [], {
    audit: { action: 'BACKUP_SCHOOL', school: row.id, target: row.name, details: { school_id: row.id } },
    body: {},
  });
  const name = `sauvegarde-${row.name.normalize('NFD').replace(/[^A-Za-z0-9]+/g, '-')}-${schoolToday()}.zip`;
  return new Response(backupStream({ db, files: c.env.FILES, secret: c.env.JWT_SECRET, school: schoolOf(row) }), {
    headers: {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${name}"`,
    },
  });
}

route(backupRoutes, api.schoolBackup, allow.types('admin'), async (c) =>
  sendBackup(c, c.var.db, found(await instances.getInstance(c.var.db, c.var.school), t.schoolNotFound)),
);

route(backupRoutes, api.platformBackup, allow.types('superadmin'), async (c) => {
  const { db, row } = await schoolAt(c, c.req.valid('param').id);
  return sendBackup(c, db, row);
});

// ------------------------------------------------------------------------------------ restore

/** The manifest a restore under way checked at its start. */
async function manifestOf(files: R2Bucket, school: string): Promise<BackupManifest> {
  const object = await files.get(restoreKey(school));
  if (!object) throw conflict(t.noRestore, 'no_restore');
  return (await object.json()) as BackupManifest;
}

/** The school's rows hold nothing but what creating it wrote (its first admin and roles). */
async function isEmpty(db: Db, school: string) {
  const counts = await backup.countRows(db, school);
  return ['school_years', 'classes', 'students', 'subjects'].every((table) => (counts.get(table) ?? 0) === 0);
}

route(backupRoutes, api.restoreStart, allow.types('superadmin'), async (c) => {
  const { id } = c.req.valid('param');
  const body = c.req.valid('json');
  const { db, row: target } = await schoolAt(c, id);
  if (!(await manifestSigned(c.env.JWT_SECRET, body.manifest, body.signature)))
    throw badRequest(t.tampered, 'tampered');
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(body.manifest) as BackupManifest;
  } catch {
    throw badRequest(t.notBackup, 'not_backup');
  }
  if (manifest.format !== BACKUP_FORMAT || manifest.version !== BACKUP_VERSION)
    throw badRequest(t.notBackup, 'not_backup');
  // Every table and column of the backup must exist today (a later migration may add some).
  const current = await backup.currentColumns(db);
  for (const table of manifest.tables) {
    const columns = current.get(table.name);
    if (!columns) throw badRequest(t.incompatible(table.name), 'incompatible');
    const missing = table.columns.find((col) => !columns.has(col));
    if (missing) throw badRequest(t.incompatible(`${table.name}.${missing}`), 'incompatible');
  }
  // A new school, or one whose restore was under way (it starts again from nothing).
  const underWay = (await c.env.FILES.head(restoreKey(id))) !== null;
  if (!underWay && !(await isEmpty(db, id))) throw conflict(t.notEmpty, 'not_empty');
  await c.env.FILES.put(restoreKey(id), body.manifest, { httpMetadata: { contentType: 'application/json' } });
  return commitToSchool(c, backup.wipeSchool(db, id), {
    school: { id, db },
    audit: {
      action: 'RESTORE_SCHOOL_START',
      school: id,
      target: target.name,
      details: {
        school_id: id,
        from_school: manifest.school.id,
        backup_of: manifest.created_at,
        schema: manifest.schema,
      },
    },
    body: { message: t.started },
  });
});

route(backupRoutes, api.restoreEntry, allow.types('superadmin'), async (c) => {
  const { id } = c.req.valid('param');
  const body = c.req.valid('json');
  const { db } = await schoolAt(c, id);
  const manifest = await manifestOf(c.env.FILES, id);
  const from = manifest.school.id;

  const file = manifest.files.find((f) => f.name === body.name);
  if (file) {
    const text = atob(body.base64 ?? '');
    const bytes = Uint8Array.from(text, (ch) => ch.charCodeAt(0));
    if ((await sha256(bytes)) !== file.sha256) throw badRequest(t.checksum(body.name), 'tampered');
    await c.env.FILES.put(String(rewriteValue(file.key, from, id)), bytes, {
      ...(file.type ? { httpMetadata: { contentType: file.type } } : {}),
    });
    return c.json({ message: t.entryRestored });
  }

  const table = manifest.tables.find((tb) => tb.entries.some((e) => e.name === body.name));
  const entry = table?.entries.find((e) => e.name === body.name);
  if (!table || !entry) throw badRequest(t.unknownEntry(body.name), 'unknown_entry');
  const text = body.text ?? '';
  if ((await sha256(text)) !== entry.sha256) throw badRequest(t.checksum(body.name), 'tampered');
  const page = JSON.parse(text) as TablePage;
  if (page.table !== table.name || page.columns.join() !== table.columns.join()) {
    throw badRequest(t.checksum(body.name), 'tampered');
  }
  const rows = page.rows.map((row) => row.map((value) => rewriteValue(value, from, id)));
  return commitToSchool(c, backup.insertRows(db, table.name, table.columns, rows), {
    school: { id, db },
    audit: {
      action: 'RESTORE_SCHOOL_ENTRY',
      school: id,
      target: body.name,
      details: { school_id: id, rows: rows.length },
    },
    body: { message: t.entryRestored },
  });
});

route(backupRoutes, api.restoreFinish, allow.types('superadmin'), async (c) => {
  const { id } = c.req.valid('param');
  const { db, row: target } = await schoolAt(c, id);
  const manifest = await manifestOf(c.env.FILES, id);
  const counts = await backup.countRows(db, id);
  for (const table of manifest.tables) {
    const rows = counts.get(table.name) ?? 0;
    if (rows !== table.rows) throw conflict(t.incomplete(table.name, rows, table.rows), 'restore_incomplete');
  }
  // Every file is there: one listing of the school's prefix (1,000 keys a call).
  const keys = new Set<string>();
  let cursor: string | undefined;
  do {
    const list = await c.env.FILES.list({ prefix: schoolPrefix(id), cursor });
    for (const object of list.objects) keys.add(object.key);
    cursor = list.truncated ? list.cursor : undefined;
  } while (cursor);
  const missing = manifest.files.find((f) => !keys.has(String(rewriteValue(f.key, manifest.school.id, id))));
  if (missing) throw conflict(t.missingFile(missing.name), 'restore_incomplete');

  const s = manifest.school;
  const response = await commitToSchool(
    c,
    [
      instances.restoreSettings(db, id, {
        email: s.email,
        address: s.address,
        phone: s.phone,
        passingGrade: s.passing_grade,
        currency: s.currency as instances.InstanceInfoUpdate['currency'],
        logoKey: s.logo_key === null ? null : String(rewriteValue(s.logo_key, s.id, id)),
        receiptSeq: s.receipt_seq,
      }),
    ],
    {
      school: { id, db },
      audit: {
        action: 'RESTORE_SCHOOL',
        school: id,
        target: target.name,
        details: { school_id: id, from_school: s.id, rows: manifest.tables.reduce((n, tb) => n + tb.rows, 0) },
      },
      body: { message: t.restored },
    },
  );
  await c.env.FILES.delete(restoreKey(id));
  return response;
});
