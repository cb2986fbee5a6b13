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

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  /** The last migration of the database the backup was made from. */
  schema: string | null;
  created_at: string;
  school: BackupSchool;
  /** Parents first: the order a restore inserts them in. */
  tables: BackupTable[];
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

/** The school's own prefix of R2 keys (files/keys.ts). */
export const schoolPrefix = (school: string) => `instances/${school}/`;

/**
 * A value of the backup as it goes into its new school: the old school's id becomes the new one,
 * and a file key under the old school's prefix moves under the new one's. Nothing else changes
 * (ids of rows are kept).
 */
export function rewriteValue(value: unknown, from: string, to: string): unknown {
  if (typeof value !== 'string') return value;
  if (value === from) return to;
  const prefix = schoolPrefix(from);
  return value.startsWith(prefix) ? schoolPrefix(to) + value.slice(prefix.length) : value;
}

/** Hex of a digest. */
export const hex = (buffer: ArrayBuffer) =>
  [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');

/** Every entry of the manifest in the order a restore sends them: tables parents first, then files. */
export const restoreOrder = (manifest: BackupManifest): string[] => [
  ...manifest.tables.flatMap((t) => t.entries.map((e) => e.name)),
  ...manifest.files.map((f) => f.name),
];
