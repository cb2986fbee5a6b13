// Schools (instances): host resolution and the school information of the general tab.
import { eq, or, sql } from 'drizzle-orm';
import type { Db } from './client';
import { instances } from './schema';

/** The school a hostname names, or the default school. */
export async function resolveInstance(db: Db, hostname: string) {
  const rows = await db
    .select({ id: instances.id, name: instances.name, hostname: instances.hostname })
    .from(instances)
    .where(or(eq(instances.hostname, hostname), eq(instances.isDefault, true)))
    .all();
  return rows.find((r) => r.hostname === hostname) ?? rows[0] ?? null;
}

export const getInstance = (db: Db, id: string) => db.select().from(instances).where(eq(instances.id, id)).get();

export type InstanceRow = NonNullable<Awaited<ReturnType<typeof getInstance>>>;

export interface InstanceInfoUpdate {
  name: string;
  email: string | null;
  address: string | null;
  phone: string | null;
  passingGrade: number;
  currency: 'Gdes' | '$HT' | 'US' | 'EU';
}

export const updateInstanceInfo = (db: Db, id: string, info: InstanceInfoUpdate & { logoKey?: string | null }) =>
  db.update(instances).set(info).where(eq(instances.id, id));

/** A guard condition: the school's logo is still the one read (null for none). */
export const logoStillIs = (id: string, logoKey: string | null) =>
  sql`EXISTS (SELECT 1 FROM ${instances} WHERE ${instances.id} = ${id} AND ${instances.logoKey} IS ${logoKey})`;
