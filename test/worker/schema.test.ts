// The tenancy rules checked on the live schema (the migrations as applied), not on drizzle's
// description of it: a migration that forgets instance_id fails here.
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../worker/db/schema';
import { PERMISSIONS } from '../../worker/domain/permissions';
import { schoolD1s } from './helpers';

const PLATFORM_TABLES = new Set([
  'push_subscriptions',
  'guardian_alerts',
  'guardians',
  'guardian_schools',
  'instances',
  'permissions',
  'platform_users',
  'platform_announcements',
  'platform_audit_log',
  'idempotency_keys',
  'device_sessions',
  'reserved_usernames',
  'write_guards',
  'deleted_schools',
  'housekeeping_marks',
  'd1_migrations',
]);
const isInternal = (name: string) => name.startsWith('_cf') || name.startsWith('sqlite_');

interface Column {
  name: string;
  notnull: number;
  pk: number;
}
interface ForeignKeyColumn {
  id: number;
  seq: number;
  table: string;
  from: string;
  to: string;
}
interface IndexEntry {
  name: string;
  unique: number;
  origin: 'c' | 'u' | 'pk';
}

const pragma = async <T>(statement: string) => (await schoolD1s()[0]!.d1.prepare(statement).all<T>()).results;

let schoolTables: string[] = [];

beforeAll(async () => {
  const tables = await pragma<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name");
  schoolTables = tables.map((t) => t.name).filter((name) => !PLATFORM_TABLES.has(name) && !isInternal(name));
});

describe('live schema', () => {
  it('has the school tables of the data model', () => {
    expect(schoolTables).toEqual(
      expect.arrayContaining([
        'users',
        'roles',
        'user_roles',
        'role_permissions',
        'students',
        'enrollments',
        // Grades and roll-call marks are stored packed (decision 220): `grades` and
        // `attendance_records` are views now.
        'evaluations',
        'roll_calls',
        'class_rosters',
        'audit_log',
      ]),
    );
  });

  it('gives every school table a NOT NULL instance_id', async () => {
    const missing: string[] = [];
    for (const table of schoolTables) {
      const columns = await pragma<Column>(`PRAGMA table_info("${table}")`);
      const instanceId = columns.find((c) => c.name === 'instance_id');
      if (!instanceId || (!instanceId.notnull && !instanceId.pk)) missing.push(table);
    }
    expect(missing).toEqual([]);
  });

  it('makes every foreign key between school tables carry instance_id to instance_id', async () => {
    const offenders: string[] = [];
    let checked = 0;
    for (const table of schoolTables) {
      const rows = await pragma<ForeignKeyColumn>(`PRAGMA foreign_key_list("${table}")`);
      const keys = new Map<number, ForeignKeyColumn[]>();
      for (const row of rows) keys.set(row.id, [...(keys.get(row.id) ?? []), row]);
      for (const columns of keys.values()) {
        const target = columns[0]!.table;
        if (PLATFORM_TABLES.has(target)) continue;
        checked++;
        if (!columns.some((c) => c.from === 'instance_id' && c.to === 'instance_id')) {
          offenders.push(`${table}(${columns.map((c) => c.from).join(', ')}) -> ${target}`);
        }
      }
    }
    expect(offenders).toEqual([]);
    expect(checked).toBeGreaterThan(20);
  });

  it('declares in schema.ts (schoolKey) exactly the composite keys the migrations built', async () => {
    // Written as `(instance_id, x) -> parent(instance_id, id) ON DELETE …`, one line a key.
    const describeKey = (table: string, from: string[], target: string, to: string[], onDelete: string) =>
      `${table}(${from.join(', ')}) -> ${target}(${to.join(', ')}) on delete ${onDelete.toLowerCase()}`;
    const declared: string[] = [];
    for (const table of Object.values(schema)) {
      if (!(table instanceof SQLiteTable)) continue;
      const config = getTableConfig(table);
      for (const key of config.foreignKeys) {
        const r = key.reference();
        if (r.columns.length < 2) continue;
        const target = getTableConfig(r.foreignTable).name;
        const from = r.columns.map((c) => c.name);
        declared.push(
          describeKey(
            config.name,
            from,
            target,
            r.foreignColumns.map((c) => c.name),
            key.onDelete ?? 'no action',
          ),
        );
      }
    }
    const built: string[] = [];
    const tables = await pragma<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'");
    for (const { name } of tables.filter((t) => !isInternal(t.name))) {
      const rows = await pragma<ForeignKeyColumn & { on_delete: string }>(`PRAGMA foreign_key_list("${name}")`);
      const keys = new Map<number, (ForeignKeyColumn & { on_delete: string })[]>();
      for (const row of rows) keys.set(row.id, [...(keys.get(row.id) ?? []), row]);
      for (const columns of keys.values()) {
        if (columns.length < 2) continue;
        columns.sort((a, b) => a.seq - b.seq);
        built.push(
          describeKey(
            name,
            columns.map((c) => c.from),
            columns[0]!.table,
            columns.map((c) => c.to),
            columns[0]!.on_delete,
          ),
        );
      }
    }
    expect(declared.length).toBe(44);
    expect(declared.every((k) => /^\w+\(instance_id, \w+\) -> \w+\(instance_id, id\)/.test(k))).toBe(true);
    expect(declared.sort()).toEqual(built.sort());
  });

  it('scopes every unique index of a school table by instance_id', async () => {
    const offenders: string[] = [];
    for (const table of schoolTables) {
      const indexes = await pragma<IndexEntry>(`PRAGMA index_list("${table}")`);
      for (const index of indexes.filter((i) => i.unique)) {
        const columns = (await pragma<{ name: string | null }>(`PRAGMA index_info("${index.name}")`)).map(
          (c) => c.name,
        );
        const isIdPrimaryKey = index.origin === 'pk' && columns.length === 1 && columns[0] === 'id';
        if (!isIdPrimaryKey && !columns.includes('instance_id')) {
          offenders.push(`${table}.${index.name}(${columns.join(', ')})`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });

  it('holds exactly the permission catalogue of worker/domain/permissions.ts', async () => {
    const rows = await pragma<{ id: number; key: string; category: string; description: string }>(
      'SELECT id, key, category, description FROM permissions ORDER BY id',
    );
    expect(rows).toEqual(PERMISSIONS.map((p) => ({ ...p })));
  });
});
