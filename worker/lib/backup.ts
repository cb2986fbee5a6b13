// A school's backup as one ZIP (issue 30, decision 262), written while it is sent: fflate's
// streaming Zip, table by table a page of rows at a time (db/backup.ts), then its support chat
// (the hub's messages, decision 312), then the school's R2 files streamed through, then the manifest (counts, schema version, SHA-256 of every entry) and
// its signature. At any moment the Worker holds one page of rows or one chunk of a file, never
// the whole backup; it waits for the reader before reading more (the stream's backpressure).
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import * as backup from '../db/backup';
import type { Db } from '../db/client';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type BackupChat,
  type BackupFile,
  type BackupManifest,
  type BackupSchool,
  type BackupTable,
  CHAT_COLUMNS,
  chatEntryName,
  hex,
  MANIFEST_ENTRY,
  schoolPrefix,
  SIGNATURE_ENTRY,
  tableEntryName,
} from '../domain/backup';

/** Rows read per query, and the size at which a table's entry is closed (a restore sends one entry per request). */
const PAGE_ROWS = 500;
const ENTRY_BYTES = 256 * 1024;
/** R2 keys under a school's prefix that are not its data (a restore's own manifest). */
const RESTORE_PREFIX = 'restore/';

const encoder = new TextEncoder();

/** The key that signs manifests, from the platform's secret (a backup restores on the same platform). */
async function signingKey(secret: string) {
  return crypto.subtle.importKey(
    'raw',
    encoder.encode(`backup-manifest:${secret}`),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
}

export async function signManifest(secret: string, manifest: string): Promise<string> {
  return hex(await crypto.subtle.sign('HMAC', await signingKey(secret), encoder.encode(manifest)));
}

export async function manifestSigned(secret: string, manifest: string, signature: string): Promise<boolean> {
  if (!/^[0-9a-f]{64}$/.test(signature)) return false;
  const bytes = Uint8Array.from(signature.match(/../g)!, (h) => Number.parseInt(h, 16));
  return crypto.subtle.verify('HMAC', await signingKey(secret), bytes, encoder.encode(manifest));
}

export const sha256 = async (bytes: Uint8Array | string) =>
  hex(
    await crypto.subtle.digest(
      'SHA-256',
      (typeof bytes === 'string' ? encoder.encode(bytes) : bytes) as Uint8Array<ArrayBuffer>,
    ),
  );

/** The school's support chat as the backup reads it: its hub's messages, a page at a time (decision 312). */
export interface ChatSource {
  exportMessages(afterSeq: number, limit: number): Promise<{ rows: unknown[][]; last: number | null }>;
}

export interface BackupSource {
  db: Db;
  files: R2Bucket;
  secret: string;
  school: BackupSchool;
  chat: ChatSource;
}

/** The backup's ZIP as a stream, produced as it is read. */
export function backupStream(source: BackupSource): ReadableStream<Uint8Array> {
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      void writer.abort(error);
      return;
    }
    void writer.write(chunk);
    if (final) void writer.close();
  });
  void writeBackup(source, zip, writer).catch((error: unknown) => {
    console.error('backup failed', error instanceof Error ? error.message : error);
    void writer.abort(error);
  });
  return readable;
}

async function writeBackup(source: BackupSource, zip: Zip, writer: WritableStreamDefaultWriter<Uint8Array>) {
  const { db, school } = source;
  const tables: BackupTable[] = [];
  for (const table of backup.schoolTables()) {
    const entry: BackupTable = { name: table.name, columns: table.columns.map((c) => c.name), rows: 0, entries: [] };
    let rows: unknown[][] = [];
    let size = 0;
    const flush = async () => {
      if (rows.length === 0) return;
      const name = tableEntryName(table.name, entry.entries.length);
      const bytes = encoder.encode(JSON.stringify({ table: table.name, columns: entry.columns, rows }));
      const file = new ZipDeflate(name, { level: 6 });
      zip.add(file);
      file.push(bytes, true);
      entry.entries.push({ name, rows: rows.length, sha256: await sha256(bytes) });
      entry.rows += rows.length;
      rows = [];
      size = 0;
      await writer.ready;
    };
    let after: unknown[] | null = null;
    for (;;) {
      const page = await backup.readPage(db, school.id, table, after, PAGE_ROWS);
      for (const row of page.rows) {
        rows.push(row);
        size += JSON.stringify(row).length + 1;
        if (size >= ENTRY_BYTES) await flush();
      }
      if (page.rows.length < PAGE_ROWS || !page.last) break;
      after = page.last;
    }
    await flush();
    tables.push(entry);
  }

  // The support chat, from the school's hub, in sending order: pages like a table's.
  const chat: BackupChat = { columns: [...CHAT_COLUMNS], rows: 0, entries: [] };
  for (let after = 0; ;) {
    const page = await source.chat.exportMessages(after, PAGE_ROWS);
    if (page.rows.length === 0 || page.last === null) break;
    const name = chatEntryName(chat.entries.length);
    const bytes = encoder.encode(JSON.stringify({ table: 'chat', columns: chat.columns, rows: page.rows }));
    const file = new ZipDeflate(name, { level: 6 });
    zip.add(file);
    file.push(bytes, true);
    chat.entries.push({ name, rows: page.rows.length, sha256: await sha256(bytes) });
    chat.rows += page.rows.length;
    after = page.last;
    await writer.ready;
  }

  const files: BackupFile[] = [];
  const prefix = schoolPrefix(school.id);
  let cursor: string | undefined;
  do {
    const list = await source.files.list({ prefix, cursor, include: ['httpMetadata'] });
    for (const object of list.objects) {
      const relative = object.key.slice(prefix.length);
      if (relative.startsWith(RESTORE_PREFIX)) continue;
      const body = await source.files.get(object.key);
      if (!body) continue;
      const name = `files/${relative}`;
      const file = new ZipPassThrough(name);
      zip.add(file);
      const digest = new (crypto as unknown as { DigestStream: typeof DigestStream }).DigestStream('SHA-256');
      const digestWriter = digest.getWriter();
      const reader = body.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        file.push(value);
        await digestWriter.write(value);
        await writer.ready;
      }
      file.push(new Uint8Array(0), true);
      await digestWriter.close();
      files.push({
        name,
        key: object.key,
        size: object.size,
        type: object.httpMetadata?.contentType ?? null,
        sha256: hex(await digest.digest),
      });
    }
    cursor = list.truncated ? list.cursor : undefined;
  } while (cursor);

  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    schema: await backup.schemaVersion(db),
    created_at: new Date().toISOString(),
    school,
    tables,
    chat,
    files,
  };
  const text = JSON.stringify(manifest, null, 1);
  const manifestEntry = new ZipDeflate(MANIFEST_ENTRY, { level: 6 });
  zip.add(manifestEntry);
  manifestEntry.push(encoder.encode(text), true);
  const signature = new ZipPassThrough(SIGNATURE_ENTRY);
  zip.add(signature);
  signature.push(encoder.encode(await signManifest(source.secret, text)), true);
  zip.end();
}
