// A school's backup (issue 30, decision 262): what its ZIP holds and how a restore rewrites it for
// its new school. Shared by the worker (which writes and checks it) and the console (which reads
// the ZIP and sends it in pieces). Pure: no I/O.

export const BACKUP_FORMAT = 'portail-scolaire-sauvegarde';
export const BACKUP_VERSION = 1;
export const MANIFEST_ENTRY = 'manifest.json';
export const SIGNATURE_ENTRY = 'manifest.sig';

/** One file of the ZIP holding a page of a table's rows. */
export interface TableEntry {
  /** 'tables/students/0001.json' */
  name: string;
  rows: number;
  /** SHA-256 of the entry's bytes, hex. */
  sha256: string;
}

export interface BackupTable {
  name: string;
  columns: string[];
  rows: number;
  entries: TableEntry[];
}

export interface BackupFile {
  /** 'files/students/<id>/photo/<version>' */
  name: string;
  /** The R2 key in the school of the backup. */
  key: string;
  size: number;
  type: string | null;
  sha256: string;
}

/** The school's own settings (its row of `instances`), copied onto the school a restore fills. */
export interface BackupSchool {
  id: string;
  name: string;
  email: string | null;
  address: string | null;
  phone: string | null;
  passing_grade: number;
  currency: string;
  logo_key: string | null;
  receipt_seq: number;
}

/**
 * The school's support chat (its hub's messages, decision 312): pages of messages in sending
 * order, `{columns, rows}` like a table's. A backup made before the chat was saved has none.
 */
export interface BackupChat {
  columns: string[];
  rows: number;
  entries: TableEntry[];
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  /** The last migration of the database the backup was made from. */
  schema: string | null;
  created_at: string;
  school: BackupSchool;
  /** Parents first: the order a restore inserts them in. */
  tables: BackupTable[];
  /** The support chat (absent from the backups made before decision 312). */
  chat?: BackupChat;
  files: BackupFile[];
}

/** A table entry's content. */
export interface TablePage {
  table: string;
  columns: string[];
  rows: unknown[][];
}

export const tableEntryName = (table: string, index: number) =>
  `tables/${table}/${String(index + 1).padStart(4, '0')}.json`;

export const chatEntryName = (index: number) => `chat/${String(index + 1).padStart(4, '0')}.json`;

/** The chat's columns in a backup: a message as the hub stores it (its send key left out). */
export const CHAT_COLUMNS = ['id', 'teacher_id', 'sender_role', 'content', 'created_at', 'is_read_by_admin'] as const;

/** The school's own prefix of R2 keys (files/keys.ts). */
export const schoolPrefix = (school: string) => `instances/${school}/`;

/** A UUID anywhere in a text (an id, a key's part, an id inside a JSON array or a log's details). */
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** A restore's renewal key: 12 hex digits (48 bits), never all zeros. */
export function renewalKey(random: Uint8Array = crypto.getRandomValues(new Uint8Array(6))): string {
  const key = [...random.subarray(0, 6)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return /^0+$/.test(key) ? '000000000001' : key;
}

/**
 * A row's id renewed for its restored copy (decision 312): its last 12 hex digits XOR the
 * restore's key. One restore maps one id to one new id, everywhere it appears (a bijection), so
 * references, JSON arrays of ids and file keys stay consistent; the first 20 digits are kept, so
 * the copy's rows sort as the original's did (lists, pages, ties) and remain version-4 UUIDs.
 */
export function renewId(id: string, key: string): string {
  const tail = id.slice(24).toLowerCase();
  let out = '';
  for (let i = 0; i < 12; i++) out += (Number.parseInt(tail[i]!, 16) ^ Number.parseInt(key[i]!, 16)).toString(16);
  return id.slice(0, 24) + out;
}

/**
 * A value of the backup as it goes into its new school: the old school's id becomes the new one,
 * a file key under the old school's prefix moves under the new one's, and, with a renewal key,
 * every other UUID in the text is renewed (`renewId`): a row's id, a reference to one, the ids in
 * a JSON array or a file key, so the copy never meets the original's ids (decision 312). Ids
 * that are not UUIDs (a client may choose its own, decision 001) are kept as they are.
 */
export function rewriteValue(value: unknown, from: string, to: string, key?: string): unknown {
  if (typeof value !== 'string') return value;
  if (value === from) return to;
  const prefix = schoolPrefix(from);
  const moved = value.startsWith(prefix);
  const rest = moved ? value.slice(prefix.length) : value;
  const renewed = key
    ? rest.replace(UUID, (id) => (id.toLowerCase() === from.toLowerCase() ? to : renewId(id, key)))
    : rest;
  return moved ? schoolPrefix(to) + renewed : renewed;
}

/** Hex of a digest. */
export const hex = (buffer: ArrayBuffer) =>
  [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');

/** Every entry of the manifest in the order a restore sends them: tables parents first, the chat, then files. */
export const restoreOrder = (manifest: BackupManifest): string[] => [
  ...manifest.tables.flatMap((t) => t.entries.map((e) => e.name)),
  ...(manifest.chat?.entries.map((e) => e.name) ?? []),
  ...manifest.files.map((f) => f.name),
];
