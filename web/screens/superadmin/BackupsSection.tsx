// 'Sauvegardes' of the console (issue 30; the superadmin): any school's backup, and the restore
// of a backup in place of a new, empty school, into the school database chosen (decision 312).
// The ZIP is read here (fflate, its own chunk) and sent in pieces: its signed manifest, each
// entry (a page of a table or of the support chat, a file), then the end; the server checks every
// piece against the manifest. A piece sent twice writes nothing twice, so a restore cut off by
// the network resumes where it stopped; a piece the server refuses ends the restore (the school
// chosen stays as it was) and the file is chosen again to start over. Online only.
import { useState } from 'react';
import { send, useRead } from '../../api/calls';
import { ApiError, errorMessage } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import type { ApiState } from '../../api/useApi';
import { downloadBackup } from '../../components/backup';
import { Button } from '../../components/Button';
import { toast } from '../../components/toast';
import { backupText } from '../../i18n/backup';
import { useOnline } from '../../session/connectivity';
import { MANIFEST_ENTRY, restoreOrder, SIGNATURE_ENTRY, type BackupManifest } from '../../../worker/domain/backup';
import type { PlatformSchool } from '../../../worker/contract/superadmin';
import { RowOptions, SelectField, ValueOptions } from '../../components/Field';

const t = backupText.console;

interface Restore {
  school: string;
  entries: Record<string, Uint8Array>;
  order: string[];
  /** Pieces sent: -1 before the manifest, order.length once all entries landed. */
  sent: number;
  /** The school database chosen ('' for the school's own). */
  database: string;
  running: boolean;
  error: string | null;
  /** The server refused a piece: the restore is over, started again from the file. */
  ended: boolean;
  done: boolean;
}

/** Refusals that end a restore (the server dropped what it had written): no resuming. */
const ENDING = new Set(['restore_failed', 'tampered', 'not_empty', 'no_restore', 'not_backup', 'incompatible']);

const base64 = (bytes: Uint8Array) => {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
};

export function BackupsSection({ schools }: { schools: ApiState<PlatformSchool[]> }) {
  const online = useOnline();
  const [busy, setBusy] = useState<string | null>(null);
  const [target, setTarget] = useState('');
  const [database, setDatabase] = useState('');
  const databases = useRead(endpoints.superadmin.databases, {});
  const [reading, setReading] = useState(false);
  const [restore, setRestore] = useState<Restore | null>(null);
  const list = schools.data ?? [];

  const download = async (school: PlatformSchool) => {
    setBusy(school.id);
    try {
      await downloadBackup(endpoints.backup.platformBackup, { params: { id: school.id } });
      toast.success(backupText.done);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  const run = async (start: Restore) => {
    let state = { ...start, running: true, error: null, ended: false };
    setRestore(state);
    const { strFromU8 } = await import('fflate');
    const params = { id: state.school };
    try {
      if (state.sent < 0) {
        await send(endpoints.backup.restoreStart, {
          params,
          body: {
            manifest: strFromU8(state.entries[MANIFEST_ENTRY]!),
            signature: strFromU8(state.entries[SIGNATURE_ENTRY]!),
            ...(state.database ? { database: state.database } : {}),
          },
        });
        state = { ...state, sent: 0 };
        setRestore(state);
      }
      while (state.sent < state.order.length) {
        const name = state.order[state.sent]!;
        const bytes = state.entries[name]!;
        await send(endpoints.backup.restoreEntry, {
          params,
          body: name.startsWith('files/') ? { name, base64: base64(bytes) } : { name, text: strFromU8(bytes) },
        });
        state = { ...state, sent: state.sent + 1 };
        setRestore(state);
      }
      await send(endpoints.backup.restoreFinish, { params });
      setRestore({ ...state, running: false, done: true });
      setTarget('');
      toast.success(t.done);
      schools.reload();
    } catch (error) {
      const ended = error instanceof ApiError && ENDING.has(error.code ?? '');
      setRestore({ ...state, running: false, error: errorMessage(error), ended });
    }
  };

  const choose = async (file: File | undefined) => {
    if (!file || !target) return;
    setReading(true);
    try {
      const { unzipSync, strFromU8 } = await import('fflate');
      const entries = unzipSync(new Uint8Array(await file.arrayBuffer()));
      if (!entries[MANIFEST_ENTRY] || !entries[SIGNATURE_ENTRY]) throw new Error(t.notBackup);
      const manifest = JSON.parse(strFromU8(entries[MANIFEST_ENTRY])) as BackupManifest;
      const order = restoreOrder(manifest);
      if (order.some((name) => !entries[name])) throw new Error(t.notBackup);
      void run({
        school: target,
        entries,
        order,
        sent: -1,
        database,
        running: false,
        error: null,
        ended: false,
        done: false,
      });
    } catch (error) {
      toast.error(
        error instanceof Error && error.message === t.notBackup ? t.notBackup : errorMessage(error, t.notBackup),
      );
    } finally {
      setReading(false);
    }
  };

  return (
    <div className="backups">
      {!online && (
        <p className="notice tone-warning" role="alert">
          {backupText.needsNetwork}
        </p>
      )}
      <h2>{t.schools}</h2>
      <ul className="bare-list backup-schools">
        {list.map((school) => (
          <li key={school.id} className="spread">
            <span>{school.name}</span>
            <Button
              disabled={busy !== null || !online}
              aria-label={`${t.download} : ${school.name}`}
              onClick={() => void download(school)}
            >
              {busy === school.id ? backupText.downloading : t.download}
            </Button>
          </li>
        ))}
      </ul>

      <h2>{t.restoreTitle}</h2>
      <p className="muted">{t.restoreIntro}</p>
      <label className="field">
        <span className="field-label">{t.target}</span>
        <select
          className="input"
          value={target}
          disabled={Boolean(restore?.running)}
          onChange={(e) => setTarget(e.target.value)}
        >
          <option value="">{t.choose}</option>
          <RowOptions rows={list} label={(school) => `${school.name} (${school.students})`} />
        </select>
      </label>
      <SelectField
        label={t.database}
        hint={t.databaseHint}
        value={database}
        disabled={Boolean(restore?.running)}
        onChange={(e) => setDatabase(e.target.value)}
      >
        <option value="">{t.sameDatabase}</option>
        <ValueOptions
          values={(databases.data ?? []).map((d) => d.name)}
          name={(name) => t.databaseOption(name, databases.data?.find((d) => d.name === name)?.schools ?? 0)}
        />
      </SelectField>
      <label className="field">
        <span className="field-label">{t.file}</span>
        <input
          type="file"
          className="input"
          accept=".zip,application/zip"
          disabled={!target || reading || Boolean(restore?.running) || !online}
          onChange={(e) => {
            void choose(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </label>
      {reading && <p role="status">{t.reading}</p>}
      {restore && (
        <div className="backup-restore" role="status">
          <progress max={restore.order.length + 1} value={restore.sent + 1} className="import-progress" />
          <p>{restore.done ? t.done : t.progress(Math.max(0, restore.sent), restore.order.length)}</p>
          {restore.error && (
            <p className="notice tone-error" role="alert">
              {restore.error}
            </p>
          )}
          {restore.error && restore.ended && <p className="muted">{t.startOver}</p>}
          {restore.error && !restore.ended && (
            <Button look="primary" disabled={!online} onClick={() => void run(restore)}>
              {t.resume}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
