// Schools (instances): host resolution and the school information of the general tab.
import { eq, or } from 'drizzle-orm';
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
