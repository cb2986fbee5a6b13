// Schools (instances): creation with their system roles and first accounts, host resolution and
// the school information of the general tab.
import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { RoleTemplateKey } from '../domain/permissions';
import type { Db } from './client';
import { existsNow, noneNow } from './guards';
import { insertSystemRoles } from './roles';
import { instances, students, users } from './schema';
import { insertAccounts, type NewAccount } from './users';

export type NewSchool = Omit<typeof instances.$inferInsert, 'receiptSeq' | 'createdAt' | 'logoKey'>;

/** An account created with its school: its system roles by template. */
export type NewSchoolAccount = Omit<NewAccount, 'roleIds'> & { templates?: RoleTemplateKey[] };

/**
 * A new school in one batch: the school, its system roles with their permissions, its accounts
 * and their roles. The one way a school comes to exist: the platform's school creation, the demo
 * seed, the worker tests (test/worker/helpers.ts createSchool) and the e2e fixtures.
 */
export function newSchoolStatements(
  db: Db,
  school: NewSchool,
  accounts: NewSchoolAccount[],
  newId = () => crypto.randomUUID(),
) {
  const roles = insertSystemRoles(db, school.id, newId);
  const roleIds = (templates: RoleTemplateKey[] = []) => templates.map((t) => roles.roleIdByTemplate.get(t)!);
  const statements = [
    db.insert(instances).values(school),
    ...roles.statements,
    ...insertAccounts(
      db,
      school.id,
      accounts.map(({ templates, ...account }) => ({ ...account, roleIds: roleIds(templates) })),
    ),
  ] as const;
  return { statements, roleIdByTemplate: roles.roleIdByTemplate };
}

/** A condition: the school answers on one of these hostnames (its main one or another). */
const answersOn = (hostnames: string[]) =>
  or(
    inArray(instances.hostname, hostnames),
    sql`EXISTS (SELECT 1 FROM json_each(${instances.aliases}) WHERE json_each.value IN ${hostnames})`,
  )!;

/** The school a hostname names, or the default school. */
export async function resolveInstance(db: Db, hostname: string) {
  const rows = await db
    .select({ id: instances.id, name: instances.name, isDefault: instances.isDefault })
    .from(instances)
    .where(or(answersOn([hostname]), eq(instances.isDefault, true)))
    .all();
  return rows.find((r) => !r.isDefault) ?? rows[0] ?? null;
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

/** A restored school takes its backup's settings (issue 30): its name, hostnames and access stay its own. */
export const restoreSettings = (
  db: Db,
  id: string,
  settings: Omit<InstanceInfoUpdate, 'name'> & { logoKey: string | null; receiptSeq: number },
) => db.update(instances).set(settings).where(eq(instances.id, id));

/** A guard condition: the school's logo is still the one read (null for none). */
export const logoStillIs = (id: string, logoKey: string | null) =>
  existsNow(instances, and(eq(instances.id, id), sql`${instances.logoKey} IS ${logoKey}`)!);

// The school's receipt counter: each receipt number is taken once, by a payment that is stored.

/** The counter, as a query to read with the sheet it numbers. */
export const selectReceiptSeq = (db: Db, id: string) =>
  db.select({ receiptSeq: instances.receiptSeq }).from(instances).where(eq(instances.id, id));

/** A guard condition: the counter is still at the value read. */
export const receiptSeqStillIs = (id: string, receiptSeq: number) =>
  existsNow(instances, and(eq(instances.id, id), eq(instances.receiptSeq, receiptSeq))!);

export const setReceiptSeq = (db: Db, id: string, receiptSeq: number) =>
  db.update(instances).set({ receiptSeq }).where(eq(instances.id, id));

// The platform's view of its schools (routes/superadmin.ts).

// (instances.id written out: drizzle leaves the table name off in a one-table select, and inside
// the subquery a bare id would be the counted table's.)
/** Every school with its numbers of staff and teacher accounts and of students not archived, by name. */
export const listSchoolsWithCounts = (db: Db) =>
  db
    .select({
      id: instances.id,
      name: instances.name,
      hostname: instances.hostname,
      aliases: instances.aliases,
      is_default: instances.isDefault,
      currency: instances.currency,
      status: instances.status,
      expires_at: instances.expiresAt,
      created_at: instances.createdAt,
      users: sql<number>`(SELECT count(*) FROM ${users} WHERE ${users.instanceId} = instances.id AND ${users.accountType} <> 'student')`,
      students: sql<number>`(SELECT count(*) FROM ${students} WHERE ${students.instanceId} = instances.id AND ${students.status} = 'active')`,
    })
    .from(instances)
    .orderBy(sql`${instances.name} COLLATE NOCASE`, instances.id);

/** A guard condition: no other school answers on any of these hostnames. */
export const hostnamesFree = (hostnames: string[], exceptId: string | null = null) =>
  noneNow(instances, and(answersOn(hostnames), exceptId ? ne(instances.id, exceptId) : undefined)!);

/** A guard condition: the school still exists. */
export const schoolExists = (id: string) => existsNow(instances, eq(instances.id, id));

export const updateSchool = (
  db: Db,
  id: string,
  change: { name: string; hostname: string | null; aliases: string[]; currency: InstanceInfoUpdate['currency'] },
) => db.update(instances).set(change).where(eq(instances.id, id));

export const setExpiresAt = (db: Db, id: string, expiresAt: string | null) =>
  db.update(instances).set({ expiresAt }).where(eq(instances.id, id));

export const setStatus = (db: Db, id: string, status: 'active' | 'suspended') =>
  db.update(instances).set({ status }).where(eq(instances.id, id));

/** A guard condition: the school's access end is still the one read (null for none). */
export const expiryStillIs = (id: string, expiresAt: string | null) =>
  existsNow(instances, and(eq(instances.id, id), sql`${instances.expiresAt} IS ${expiresAt}`)!);
