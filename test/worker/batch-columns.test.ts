// D1's batch maps rows by column name (decision 212): a batched statement selecting two columns of
// the same name loses one silently. The fixture below shows the loss with drizzle's own batch, and
// that `database()`'s batch refuses such a statement, naming the column, whichever way it was
// written (two tables' columns, a whole join, a bare column in sql``, the same expression twice).
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import { describe, expect, it } from 'vitest';
import { duplicateColumnNames } from '../../worker/db/batch-columns';
import { database } from '../../worker/db/client';
import * as schema from '../../worker/db/schema';
import { instances, users } from '../../worker/db/schema';
import { createSchool, directoryD1 } from './helpers';

/** The user's and the school's status side by side: the same column name twice. */
const clashing = (db: ReturnType<typeof drizzle<typeof schema>>, userId: string) =>
  db
    .select({ username: users.username, status: users.status, schoolStatus: instances.status, name: instances.name })
    .from(users)
    .innerJoin(instances, eq(instances.id, users.instanceId))
    .where(eq(users.id, userId));

describe('columns of the same name in a D1 batch', () => {
  it("lose one silently in drizzle's own batch, and are refused by database()'s batch", async () => {
    const school = await createSchool({
      users: [{ username: 'nouveau', type: 'teacher', status: 'temporary_password' }],
    });
    const userId = school.userIdByName.get('nouveau')!;
    const plain = drizzle(school.db, { schema });

    // Outside a batch the row is right; inside one the user's status is lost.
    expect(await clashing(plain, userId).get()).toMatchObject({ status: 'temporary_password', schoolStatus: 'active' });
    const [[batched]] = await plain.batch([clashing(plain, userId)]);
    expect(batched).not.toMatchObject({ status: 'temporary_password', schoolStatus: 'active' });

    const db = database(school.db);
    await expect(db.batch([db.select().from(users).limit(1), clashing(db, userId)])).rejects.toThrow(
      'D1 batch, statement 2: column "status" selected twice',
    );
    // Aliased, it passes and reads right.
    const [[aliased]] = await db.batch([
      db
        .select({ status: users.status, schoolStatus: sql<string>`${instances.status}`.as('school_status') })
        .from(users)
        .innerJoin(instances, eq(instances.id, users.instanceId))
        .where(eq(users.id, userId)),
    ]);
    expect(aliased).toEqual({ status: 'temporary_password', schoolStatus: 'active' });
  });

  it('finds the duplicates however the statement names them', () => {
    const db = database(directoryD1());
    // A whole join: both tables' id, status, created_at...
    expect(
      duplicateColumnNames(db.select().from(users).innerJoin(instances, eq(instances.id, users.instanceId))),
    ).toEqual(expect.arrayContaining(['id', 'status', 'created_at']));
    // A bare column in sql`` keeps the column's name.
    expect(duplicateColumnNames(db.select({ a: users.status, b: sql`${instances.status}` }).from(users))).toEqual([
      'status',
    ]);
    // The same expression twice (its text names it), an alias equal to a column's name.
    expect(duplicateColumnNames(db.select({ a: sql`count(*)`, b: sql`count(*)` }).from(users))).toEqual(['count(*)']);
    expect(duplicateColumnNames(db.select({ a: users.id, b: sql`${instances.name}`.as('id') }).from(users))).toEqual([
      'id',
    ]);
    // Returning columns count too; distinct names and raw SQL pass.
    expect(duplicateColumnNames(db.update(users).set({ status: 'active' }).returning({ id: users.id }))).toEqual([]);
    expect(
      duplicateColumnNames(db.select({ a: sql`count(*)`, b: sql`count(distinct ${users.id})` }).from(users)),
    ).toEqual([]);
    expect(duplicateColumnNames(db.run(sql`SELECT 1 AS a, 2 AS a`))).toEqual([]); // raw SQL: reviewed by hand
  });
});
