// A school's backup and its restore (issue 30, decisions 262 and 312): the routes of
// contract/backup.ts. The backup is the school admin's (their own school) and the superadmin's
// (any school); the restore is the superadmin's, in place of a school holding no data: written
// into a new school that no host reaches, which takes the named school's place at the end.
import { Hono } from 'hono';
import { allow } from '../auth/access';
import { backupApi as api } from '../contract/backup';
import { backupServerText as t } from '../contract/texts/backup';
import type { RestoreFinished } from '../contract/backup';
import { movePlatformLog } from '../db/audit';
import * as backup from '../db/backup';
import type { Db } from '../db/client';
import { isSchoolDatabase, schoolDatabase, schoolDatabaseNames } from '../db/databases';
import { conditionsHolding, guardStatement } from '../db/guards';
import * as instances from '../db/instances';
import { chooseSchoolDatabase, reservationsFor } from '../db/placement';
import { allReserved } from '../db/reserved-usernames';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type BackupManifest,
  type BackupSchool,
  renewalKey,
  rewriteValue,
  schoolPrefix,
  type TablePage,
} from '../domain/backup';
import { schoolToday } from '../domain/dates';
import { schoolHub } from '../durable/school-hub';
import type { AppBindings, AppContext } from '../env';
import { badRequest, conflict, found } from '../lib/errors';
import { backupStream, manifestSigned, sha256 } from '../lib/backup';
import { dropRestore, forgetRestore, readRestore, type RestoreState, saveRestore } from '../lib/restore';
import { route } from '../lib/route';
import { commit, guardFailed } from '../lib/write';
import type { Context } from 'hono';
import { schoolSettingsOf } from './instance';

export const backupRoutes = new Hono<AppBindings>();

const schoolOf = (row: instances.InstanceRow): BackupSchool => ({
  ...schoolSettingsOf(row),
  logo_key: row.logoKey,
  receipt_seq: row.receiptSeq,
});

/** A school of the platform, for the superadmin: its database (as the directory names it) and its row there. */
async function schoolAt(c: AppContext, id: string) {
  const route = found(await instances.getRoute(c.var.directory, id), t.schoolNotFound);
  const db = schoolDatabase(c.env, route.shard);
  return { route, db, row: found(await instances.getInstance(db, id), t.schoolNotFound) };
}

/** The backup's answer: the ZIP, streamed; the download is written to the log first. */
async function sendBackup<E extends AppBindings>(c: Context<E>, db: Db, row: instances.InstanceRow) {
  await commit(c, [], {
    audit: { action: 'BACKUP_SCHOOL', school: row.id, target: row.name, details: { school_id: row.id } },
    body: {},
  });
  const name = `sauvegarde-${row.name.normalize('NFD').replace(/[^A-Za-z0-9]+/g, '-')}-${schoolToday()}.zip`;
  const chat = schoolHub(c.env, row.id);
  const source = { db, files: c.env.FILES, secret: c.env.JWT_SECRET, school: schoolOf(row), chat };
  return new Response(backupStream(source), {
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
// Decision 312. `start` checks the backup and opens a new school, `restoring`, in the chosen
// database; each entry is written there, its ids renewed (the copy never meets its original's
// rows, which may live in the same database); `finish` checks the counts, then the new school
// takes the named school's place: the named one is frozen (`moved`: its users wait, its writes
// are refused), the directory's route passes to the new school, which opens, and the named one's
// rows are deleted. Until then the named school is untouched: an entry refused drops the new
// school, and the named school's first admin and roles are still there.

const SUPERADMIN = allow.types('superadmin');

/** The restore under way in place of this school (409 when there is none). */
async function restoreOf(c: AppContext, id: string): Promise<RestoreState> {
  const state = await readRestore(c.env.FILES, id);
  if (!state) throw conflict(t.noRestore, 'no_restore');
  return state;
}

/** The name of the school a restore replaces, for its messages (its route, or the new school's once it took over). */
async function targetName(c: AppContext, state: RestoreState) {
  const route =
    (await instances.getRoute(c.var.directory, state.target)) ??
    (await instances.getRoute(c.var.directory, state.staging));
  return route?.name ?? '';
}

/** The messages of a refused write, outermost first (drizzle wraps D1's). */
function messagesOf(error: unknown): string[] {
  const messages: string[] = [];
  for (let e: unknown = error; e instanceof Error; e = e.cause) messages.push(e.message);
  return messages;
}

/** Why the database refused an entry's rows, in words (the entry's usernames read again for a reserved one). */
async function causeOf(db: Db, table: string, columns: string[], rows: unknown[][], error: unknown) {
  const text = messagesOf(error).join(' ');
  if (text.includes('username_reserved')) {
    const at = columns.indexOf('username');
    const reserved = new Set(await allReserved(db));
    const names = rows.map((r) => String(r[at])).filter((n) => reserved.has(n.toLowerCase()));
    if (names.length) return t.reasons.reservedUsernames(names);
  }
  const unique = /UNIQUE constraint failed: ([\w.,\s]+)/.exec(text);
  if (unique) return t.reasons.unique(unique[1]!.split(':')[0]!.trim());
  if (text.includes('FOREIGN KEY constraint failed')) return t.reasons.foreignKey;
  const check = /CHECK constraint failed: (\w+)/.exec(text);
  if (check) return t.reasons.check(check[1]!);
  return t.reasons.database;
}

/**
 * An entry refused: the restore ends. Its new school is dropped (the named school was never
 * touched), the refusal is logged, and the answer says why and that nothing was replaced.
 */
async function giveUp(
  c: AppContext,
  state: RestoreState,
  entry: string,
  cause: string,
  status: 400 | 409,
  code: string,
) {
  const name = await targetName(c, state);
  await dropRestore(c.env, state);
  return commit(c, [], {
    status,
    audit: {
      action: 'RESTORE_SCHOOL_FAILED',
      school: state.target,
      target: name,
      details: { school_id: state.target, entry, cause },
    },
    body: { message: `${cause} ${t.undone(name)}`, code },
  });
}

route(backupRoutes, api.restoreStart, SUPERADMIN, async (c) => {
  const { id } = c.req.valid('param');
  const body = c.req.valid('json');
  const { route: targetRoute, db: targetDb, row: target } = await schoolAt(c, id);
  // Where the restored school goes: the database chosen, else the named school's own (a school
  // the directory itself holds, from before a first split, goes where a new school would).
  const database = body.database ?? targetRoute.shard ?? (await chooseSchoolDatabase(c.env)).name;
  if (!isSchoolDatabase(c.env, database)) throw badRequest(t.unknownDatabase(database), 'unknown_database');
  const db = schoolDatabase(c.env, database);
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
    // A log's `created_at` of a backup made before migration 0018: its rows' ids are made from it.
    const missing = table.columns.find((col) => !columns.has(col) && !backup.logTimeColumn(table.name, col));
    if (missing) throw badRequest(t.incompatible(`${table.name}.${missing}`), 'incompatible');
  }
  // Only a school holding no data is replaced (checked again, in the batch, at the end).
  if (!(await conditionsHolding(targetDb, [backup.holdsNoData(id)]))[0]) throw conflict(t.notEmpty, 'not_empty');
  // A restore of this school given up or cut off earlier: its new school is dropped first.
  const earlier = await readRestore(c.env.FILES, id);
  if (earlier) await dropRestore(c.env, earlier);
  const state: RestoreState = { target: id, staging: crypto.randomUUID(), database, key: renewalKey(), manifest };
  await saveRestore(c.env.FILES, state);
  await db.batch([
    instances.insertRestoring(db, { id: state.staging, name: target.name, currency: target.currency }),
    ...(await reservationsFor(c.var.directory, db)),
  ]);
  return commit(c, [], {
    audit: {
      action: 'RESTORE_SCHOOL_START',
      school: id,
      target: target.name,
      details: {
        school_id: id,
        from_school: manifest.school.id,
        backup_of: manifest.created_at,
        schema: manifest.schema,
        base: database,
      },
    },
    body: { message: t.started },
  });
});

/** The checked bytes of a file entry, or of a page's text. */
const bytesOf = (base64: string) => Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0));

route(backupRoutes, api.restoreEntry, SUPERADMIN, async (c) => {
  const { id } = c.req.valid('param');
  const body = c.req.valid('json');
  const state = await restoreOf(c, id);
  const { manifest, staging, key } = state;
  const db = schoolDatabase(c.env, state.database);
  const rewrite = (value: unknown) => rewriteValue(value, manifest.school.id, staging, key);
  const restoring = instances.schoolRestoring(staging);
  const logged = (rows: number) =>
    commit(c, [], {
      audit: {
        action: 'RESTORE_SCHOOL_ENTRY',
        school: id,
        target: body.name,
        details: { school_id: id, rows },
      },
      body: { message: t.entryRestored },
    });
  // The new school is still being filled (not dropped meanwhile, nor opened).
  const stillRestoring = async () => {
    if (!(await conditionsHolding(db, [restoring]))[0]) throw conflict(t.noRestore, 'no_restore');
  };

  const file = manifest.files.find((f) => f.name === body.name);
  if (file) {
    const bytes = bytesOf(body.base64 ?? '');
    if ((await sha256(bytes)) !== file.sha256)
      return giveUp(c, state, body.name, t.checksum(body.name), 400, 'tampered');
    await stillRestoring();
    await c.env.FILES.put(String(rewrite(file.key)), bytes, {
      ...(file.type ? { httpMetadata: { contentType: file.type } } : {}),
    });
    return logged(1);
  }

  const chat = manifest.chat?.entries.find((e) => e.name === body.name);
  const table = manifest.tables.find((tb) => tb.entries.some((e) => e.name === body.name));
  const entry = chat ?? table?.entries.find((e) => e.name === body.name);
  if (!entry) throw badRequest(t.unknownEntry(body.name), 'unknown_entry');
  const text = body.text ?? '';
  const columns = chat ? manifest.chat!.columns : table!.columns;
  let page: TablePage | null = null;
  if ((await sha256(text)) === entry.sha256) {
    try {
      page = JSON.parse(text) as TablePage;
    } catch {
      page = null;
    }
  }
  if (!page || page.table !== (chat ? 'chat' : table!.name) || page.columns.join() !== columns.join())
    return giveUp(c, state, body.name, t.checksum(body.name), 400, 'tampered');
  let rows = page.rows.map((row) => row.map(rewrite));
  let rowColumns = columns;
  if (!chat && table!.name === 'audit_log') ({ rows, columns: rowColumns } = backup.renewLogIds(columns, rows));

  if (chat) {
    // The support chat goes into the new school's hub (its messages, ids renewed like the rows').
    await stillRestoring();
    try {
      await schoolHub(c.env, staging).restoreMessages(rows);
    } catch {
      return giveUp(c, state, body.name, t.entryFailed(body.name, t.reasons.chat), 409, 'restore_failed');
    }
    return logged(rows.length);
  }

  // The rows, in the new school: an id another school of the database holds would be skipped by
  // the insert (ON CONFLICT, which lets a page sent twice write nothing twice): the batch checks
  // that every id of the page is the new school's.
  const name = table!.name;
  const idAt = rowColumns.indexOf('id');
  const owned =
    backup.keyedById(name) && idAt >= 0
      ? backup.idsHeldBy(
          name,
          staging,
          rows.map((r) => String(r[idAt])),
        )
      : [];
  try {
    await db.batch([
      guardStatement(db, restoring),
      ...backup.insertRows(db, name, rowColumns, rows),
      ...owned.map((holds) => guardStatement(db, holds)),
    ]);
  } catch (error) {
    if (!guardFailed(error)) {
      const cause = await causeOf(db, name, table!.columns, rows, error);
      return giveUp(c, state, body.name, t.entryFailed(body.name, cause), 409, 'restore_failed');
    }
    await stillRestoring();
    return giveUp(c, state, body.name, t.entryFailed(body.name, t.reasons.idsTaken(name)), 409, 'restore_failed');
  }
  return logged(rows.length);
});

route(backupRoutes, api.restoreFinish, SUPERADMIN, async (c) => {
  const { id } = c.req.valid('param');
  const state = await restoreOf(c, id);
  const { manifest, staging } = state;
  const { directory } = c.var;
  const db = schoolDatabase(c.env, state.database);
  const replaced = await instances.getRoute(directory, id);
  let response: Response | null = null;
  let replacedDb: Db | null = null;

  if (replaced) {
    // 1. Everything landed: every table's rows, the chat's messages, every file.
    await stillFilling(c, db, state);
    const counts = await backup.countRows(db, staging);
    for (const table of manifest.tables) {
      const rows = counts.get(table.name) ?? 0;
      if (rows !== table.rows) throw conflict(t.incomplete(table.name, rows, table.rows), 'restore_incomplete');
    }
    const messages = await schoolHub(c.env, staging).messageCount();
    const expected = manifest.chat?.rows ?? 0;
    if (messages !== expected) throw conflict(t.chatIncomplete(messages, expected), 'restore_incomplete');
    const keys = new Set<string>();
    let cursor: string | undefined;
    do {
      const list = await c.env.FILES.list({ prefix: schoolPrefix(staging), cursor });
      for (const object of list.objects) keys.add(object.key);
      cursor = list.truncated ? list.cursor : undefined;
    } while (cursor);
    const rewrite = (value: unknown) => String(rewriteValue(value, manifest.school.id, staging, state.key));
    const missing = manifest.files.find((f) => !keys.has(rewrite(f.key)));
    if (missing) throw conflict(t.missingFile(missing.name), 'restore_incomplete');

    // 2. The named school frozen, still holding no data: its users wait, its writes are refused.
    const targetDb = schoolDatabase(c.env, replaced.shard);
    // A school the directory itself holds loses its rows with its route (step 4).
    replacedDb = replaced.shard === null ? null : targetDb;
    const target = found(await instances.getInstance(targetDb, id), t.schoolNotFound);
    try {
      await targetDb.batch([
        guardStatement(targetDb, backup.holdsNoData(id)),
        guardStatement(targetDb, instances.schoolStateIn(id, ['open', 'moved'])),
        instances.setState(targetDb, id, 'moved'),
      ]);
    } catch (error) {
      if (!guardFailed(error)) throw error;
      // Being moved to another database (decision 251): the restore waits, finish is called again.
      if ((await conditionsHolding(targetDb, [backup.holdsNoData(id)]))[0])
        throw conflict(t.targetMoving(target.name), 'moving');
      return giveUp(c, state, 'finish', t.targetChanged(target.name), 409, 'not_empty');
    }
    try {
      // 3. The restored school: the backup's settings, the named school's name, status and access end.
      const s = manifest.school;
      await db.batch([
        guardStatement(db, instances.schoolRestoring(staging)),
        instances.restoreSettings(db, staging, {
          name: replaced.name,
          status: target.status,
          expiresAt: target.expiresAt,
          email: s.email,
          address: s.address,
          phone: s.phone,
          passingGrade: s.passing_grade,
          currency: s.currency as instances.InstanceInfoUpdate['currency'],
          logoKey: s.logo_key === null ? null : rewrite(s.logo_key),
          receiptSeq: s.receipt_seq,
        }),
      ]);
      // 4. The directory: the restored school takes the route (and the platform's log about the
      // named school); a school the directory itself held loses its rows there in the same batch.
      response = await commit(
        c,
        [
          ...(replaced.shard === null ? backup.wipeSchool(directory, id) : []),
          ...instances.takeOverRoute(directory, replaced, staging, state.database, [
            movePlatformLog(directory, id, staging),
          ]),
        ],
        {
          audit: {
            action: 'RESTORE_SCHOOL',
            school: staging,
            target: replaced.name,
            details: {
              school_id: staging,
              replaced: id,
              from_school: s.id,
              base: state.database,
              rows: manifest.tables.reduce((n, tb) => n + tb.rows, 0),
            },
          },
          body: { message: t.restored, id: staging } satisfies RestoreFinished,
        },
      );
    } catch (error) {
      // The named school is opened again, as it was.
      await instances
        .setState(targetDb, id, 'open')
        .run()
        .catch(() => {});
      throw error;
    }
  } else if (!(await instances.getRoute(directory, staging))) {
    throw conflict(t.noRestore, 'no_restore');
  }

  // 5. The restored school opens; 6. the named school's rows go; 7. the restore is over. A
  // finish cut off after the directory's switch is called again and does only these.
  await instances.setState(db, staging, 'open').run();
  const oldDb = replaced ? replacedDb : await databaseHolding(c, id);
  if (oldDb) {
    await oldDb.batch([
      guardStatement(oldDb, instances.schoolStateIn(id, ['moved'])),
      ...backup.wipeSchool(oldDb, id),
      instances.deleteSchoolRow(oldDb, id),
    ]);
  }
  await forgetRestore(c.env.FILES, id);
  return response ?? c.json<RestoreFinished>({ message: t.restored, id: staging });
});

/** The new school is still `restoring` (not dropped meanwhile): 409 otherwise. */
async function stillFilling(c: AppContext, db: Db, state: RestoreState) {
  if (!(await conditionsHolding(db, [instances.schoolRestoring(state.staging)]))[0]) {
    await forgetRestore(c.env.FILES, state.target);
    throw conflict(t.noRestore, 'no_restore');
  }
}

/** The school database still holding a replaced school's frozen rows, if any (a finish called again). */
async function databaseHolding(c: AppContext, id: string): Promise<Db | null> {
  for (const name of schoolDatabaseNames(c.env)) {
    const db = schoolDatabase(c.env, name);
    if ((await instances.stateOf(db, id)) === 'moved') return db;
  }
  return null;
}
