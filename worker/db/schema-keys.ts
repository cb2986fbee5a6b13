// The tenancy rule's pieces (decision 002): a school table's `instance_id`, its composite foreign
// keys, its (instance_id, id) key, a class of a year.
import { type BuildColumns } from 'drizzle-orm';
import {
  type AnySQLiteColumn,
  foreignKey,
  type SQLiteColumnBuilderBase,
  type SQLiteTableExtraConfigValue,
  sqliteTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core';
import { instances } from './schema-platform';

// ---------------------------------------------------------------- school tables

export const instanceId = () =>
  text('instance_id')
    .notNull()
    .references(() => instances.id, { onDelete: 'cascade' });

/** A school table's key: its `instance_id`, and its `id` that children reference with the school's. */
export interface SchoolKeyed {
  instanceId: AnySQLiteColumn;
  id: AnySQLiteColumn;
}

/**
 * The composite foreign key of the tenancy rule: `(instance_id, <column>) -> parent(instance_id,
 * id)`, so that a row can only point at a row of its own school. Every reference from one school
 * table to another is written with it.
 */
export const schoolKey = (
  t: { instanceId: AnySQLiteColumn },
  column: AnySQLiteColumn,
  parent: SchoolKeyed,
  onDelete?: 'cascade' | 'restrict',
) => {
  const key = foreignKey({ columns: [t.instanceId, column], foreignColumns: [parent.instanceId, parent.id] });
  return onDelete ? key.onDelete(onDelete) : key;
};

export const keyColumns = () => ({ id: text('id').primaryKey(), instanceId: instanceId() });
export type KeyColumns = ReturnType<typeof keyColumns>;

/**
 * A school table with an id of its own: `id` and `instance_id` first, then its columns; the
 * UNIQUE (instance_id, id) key its children reference (`<name>_instance_id_uq`), then its own
 * indexes and keys.
 */
export const schoolTable = <N extends string, C extends Record<string, SQLiteColumnBuilderBase>>(
  name: N,
  columns: C,
  extra: (t: BuildColumns<N, KeyColumns & C, 'sqlite'>) => SQLiteTableExtraConfigValue[] = () => [],
) =>
  sqliteTable(name, { ...keyColumns(), ...columns }, (t) => [
    uniqueIndex(`${name}_instance_id_uq`).on(t.instanceId, t.id),
    ...extra(t),
  ]);
