// A restore under way (decision 312): what it keeps between its pieces, and how it is dropped.
// The backup is written into a new school (`restoring`, no host reaches it, in the database the
// superadmin chose); the school the console named (the target) is not touched until the end,
// where the new school takes its place. The restore's state lives in R2 under the target's
// prefix (never backed up, never swept: its key has no file's shape).
import * as backup from '../db/backup';
import { schoolDatabase } from '../db/databases';
import * as instances from '../db/instances';
import { type BackupManifest, schoolPrefix } from '../domain/backup';
import { schoolHub } from '../durable/school-hub';

export interface RestoreState {
  /** The school the console named: replaced by the restored one at the end. */
  target: string;
  /** The new school the backup is written into, and its database (a school database's binding). */
  staging: string;
  database: string;
  /** The key renewing the copy's ids (domain/backup.ts renewId). */
  key: string;
  /** The manifest checked at the start (its signature, its tables and columns). */
  manifest: BackupManifest;
}

const stateKey = (target: string) => `${schoolPrefix(target)}restore/state.json`;

export async function readRestore(files: R2Bucket, target: string): Promise<RestoreState | null> {
  const object = await files.get(stateKey(target));
  return object ? ((await object.json()) as RestoreState) : null;
}

export const saveRestore = (files: R2Bucket, state: RestoreState) =>
  files.put(stateKey(state.target), JSON.stringify(state), { httpMetadata: { contentType: 'application/json' } });

export const forgetRestore = (files: R2Bucket, target: string) => files.delete(stateKey(target));

/** Every R2 object under a school's prefix deleted (1,000 keys a call). */
async function dropPrefix(files: R2Bucket, school: string) {
  for (;;) {
    const list = await files.list({ prefix: schoolPrefix(school), limit: 1000 });
    if (list.objects.length === 0) return;
    await files.delete(list.objects.map((o) => o.key));
    if (!list.truncated) return;
  }
}

/**
 * A new school a restore was filling, dropped whole: its rows (children first, in chunks), its
 * row, its files and its support chat. Only while it is still `restoring`: a restore that ended
 * (the new school open) is never dropped. Safe to run again.
 */
export async function dropRestoring(env: Env, database: string, school: string) {
  const db = schoolDatabase(env, database);
  const state = await instances.stateOf(db, school);
  if (state !== undefined && state !== 'restoring') return;
  if (state === 'restoring') {
    await backup.dropSchoolRows(db, school);
    await instances.deleteSchoolRow(db, school).run();
  }
  await dropPrefix(env.FILES, school);
  await schoolHub(env, school).purge();
}

/** A restore given up (failed, started again, or its target deleted): its new school dropped, its state forgotten. */
export async function dropRestore(env: Env, state: RestoreState) {
  await dropRestoring(env, state.database, state.staging);
  await forgetRestore(env.FILES, state.target);
}
