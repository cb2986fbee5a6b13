// The whole data model of both spec documents. Tenancy rule (docs/decisions/002-tenancy.md):
// every table holding a school's data has `instance_id NOT NULL`, a UNIQUE (instance_id, id)
// key that children reference, and composite foreign keys that include instance_id (`schoolKey`),
// so a row can never point into another school. Money is integer centimes, scores integer hundredths.
// The tables live in one file an area (db/schema-<area>.ts, issue 41); this module is the one schema
// drizzle-kit reads (drizzle.config.ts) and the app imports: it re-exports every table.
export * from './schema-platform';
export * from './schema-school';
export * from './schema-teaching';
export * from './schema-communication';
export * from './schema-promotion';
export * from './schema-guardians';
