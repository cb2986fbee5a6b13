// The permission catalogue (the same rows in every database: migrations seed it from
// domain/permissions.ts).
import type { Db } from './client';
import { permissions } from './schema';

export const listPermissions = (db: Db) => db.select().from(permissions).orderBy(permissions.id).all();
