import { drizzle } from 'drizzle-orm/d1';
import { assertBatchColumns } from './batch-columns';
import * as schema from './schema';

export type Db = ReturnType<typeof database>;

/** The drizzle database of a D1 binding; its batch refuses a statement selecting two columns of the same name (batch-columns.ts). */
export const database = (d1: D1Database) => {
  const db = drizzle(d1, { schema });
  const batch = db.batch.bind(db);
  return Object.assign(db, {
    batch: ((statements) => {
      try {
        assertBatchColumns(statements);
      } catch (error) {
        return Promise.reject(error);
      }
      return batch(statements);
    }) as typeof db.batch,
  });
};
