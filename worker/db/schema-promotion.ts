// A promotion's runs and their items (issue 16).

import { integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt } from './schema-columns';
import { instanceId, schoolKey, schoolTable } from './schema-keys';
import { schoolYears } from './schema-school';

// ---------------------------------------------------------------- promotion (issue 16)

/** One executed promotion: what it created, archived and disabled, so the latest can be undone. */
export const promotionRuns = schoolTable(
  'promotion_runs',
  {
    sourceYearId: text('source_year_id').notNull(),
    targetYearId: text('target_year_id').notNull(),
    /** Increases with every run of the school: the latest is the highest. */
    seq: integer('seq').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    /** Set when the run was undone. */
    undoneAt: text('undone_at'),
  },
  (t) => [
    uniqueIndex('promotion_runs_seq_uq').on(t.instanceId, t.seq),
    schoolKey(t, t.sourceYearId, schoolYears, 'cascade'),
    schoolKey(t, t.targetYearId, schoolYears, 'cascade'),
  ],
);

/** A row a promotion run wrote: an enrolment it created, a graduate it archived, an account it disabled (with its previous status). */
export const promotionRunItems = sqliteTable(
  'promotion_run_items',
  {
    instanceId: instanceId(),
    runId: text('run_id').notNull(),
    kind: text('kind', { enum: ['enrollment', 'graduate', 'account'] }).notNull(),
    refId: text('ref_id').notNull(),
    previous: text('previous'),
  },
  (t) => [
    primaryKey({ columns: [t.instanceId, t.runId, t.kind, t.refId] }),
    schoolKey(t, t.runId, promotionRuns, 'cascade'),
  ],
);
