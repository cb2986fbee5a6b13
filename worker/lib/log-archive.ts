// A school's log of past school years, archived to R2 (decision 331): the daily clean-up moves
// every row older than the current school year (1 August, the school's day) into one gzipped
// object per school year, `instances/<school>/journal/<year>.ndjson.gz` (a row a line, oldest
// first), then deletes those rows from D1. The log screen still reads them: a page of an archived
// year is filtered and cut from the object (a school-year of a 1,000-pupil school is a few
// hundred kilobytes compressed). A run that stops between the object and the delete leaves the
// rows in both: the next run merges them by id, and deletes.
import * as audit from '../db/audit';
import type { Db } from '../db/client';
import { schoolDatabases } from '../db/databases';
import { actionsLabelled } from '../domain/audit';
import { schoolDayStart, schoolToday, schoolYearOf, schoolYearSpan } from '../domain/dates';

/** A row as the archive keeps it (the log's columns as the reads answer them). */
export type ArchivedRow = Awaited<ReturnType<typeof audit.logRowsBefore>>[number];

export const archivePrefix = (school: string) => `instances/${school}/journal/`;
export const archiveKey = (school: string, year: string) => `${archivePrefix(school)}${year}.ndjson.gz`;

/** Schools archived per school database and run (the clean-up's subrequests stay bounded). */
export const ARCHIVES_PER_RUN = 20;
const CHUNK = 2000;

/** The first id of the current school year: rows before it are archived. */
export const currentYearBound = (now: Date) =>
  audit.logIdAt(schoolDayStart(schoolYearSpan(schoolYearOf(schoolToday(now))).start));

async function gzip(text: string): Promise<ArrayBuffer> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Response(stream).arrayBuffer();
}

async function gunzip(body: ReadableStream): Promise<string> {
  return new Response(body.pipeThrough(new DecompressionStream('gzip'))).text();
}

/** The rows of an archived school year, oldest first (none when there is no such archive). */
export async function readArchive(files: R2Bucket, school: string, year: string): Promise<ArchivedRow[]> {
  const object = await files.get(archiveKey(school, year));
  if (!object) return [];
  const text = await gunzip(object.body);
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ArchivedRow);
}

/** The school years archived for a school, newest first, with how many rows each holds. */
export async function archivedYears(files: R2Bucket, school: string): Promise<{ year: string; rows: number }[]> {
  const listed = await files.list({ prefix: archivePrefix(school), include: ['customMetadata'] });
  return listed.objects
    .map((o) => ({
      year: o.key.slice(archivePrefix(school).length).replace('.ndjson.gz', ''),
      rows: Number(o.customMetadata?.rows ?? 0),
    }))
    .sort((a, b) => (a.year < b.year ? 1 : -1));
}

/** Moves one school's rows older than `bound` into their school years' archives, then deletes them. */
export async function archiveSchool(files: R2Bucket, db: Db, school: string, bound: string): Promise<number> {
  const rows: ArchivedRow[] = [];
  for (let after: string | null = null; ;) {
    const page = await audit.logRowsBefore(db, school, bound, after, CHUNK);
    rows.push(...page);
    if (page.length < CHUNK) break;
    after = page.at(-1)!.id;
  }
  if (!rows.length) return 0;
  const byYear = new Map<string, ArchivedRow[]>();
  for (const row of rows) {
    const year = schoolYearOf(schoolToday(new Date(row.timestamp)));
    byYear.set(year, [...(byYear.get(year) ?? []), row]);
  }
  for (const [year, fresh] of byYear) {
    // An earlier run's object for that year (a run stopped before its delete, or a late row).
    const kept = new Map((await readArchive(files, school, year)).map((r) => [r.id, r]));
    for (const row of fresh) kept.set(row.id, row);
    const all = [...kept.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    await files.put(archiveKey(school, year), await gzip(all.map((r) => JSON.stringify(r)).join('\n')), {
      httpMetadata: { contentType: 'application/x-ndjson', contentEncoding: 'gzip' },
      customMetadata: { rows: String(all.length) },
    });
  }
  await audit.deleteLogThrough(db, school, rows.at(-1)!.id).run();
  return rows.length;
}

/** The daily clean-up's part: in each school database, a few schools' past years archived. */
export async function archivePastYears(env: Env, now: Date, limit = ARCHIVES_PER_RUN) {
  const bound = currentYearBound(now);
  let archived = 0;
  for (const { db } of schoolDatabases(env)) {
    for (const { school } of await audit.schoolsWithLogBefore(db, bound, limit)) {
      archived += await archiveSchool(env.FILES, db, school, bound);
    }
  }
  return archived;
}

/**
 * A page of an archived year as the log's reads answer it: its rows newest first, filtered as
 * the D1 reads filter (words in the user, action, target or details, a word of an action's label
 * finding the action; the range; the user's name), cut at the offset or after a row.
 */
export function archivePage(
  rows: ArchivedRow[],
  filters: audit.AuditFilters & { username?: string | null },
  at: { page: number; limit: number; after?: audit.LogKey | null },
) {
  const matching = rows
    .filter((r) => {
      if (filters.from && r.timestamp < filters.from) return false;
      if (filters.to && r.timestamp >= filters.to) return false;
      if (filters.username !== undefined && r.username !== filters.username) return false;
      const haystack = `${r.username} ${r.action_type} ${r.target_name ?? ''} ${r.details ?? ''}`.toLowerCase();
      return filters.words.every(
        (word) => haystack.includes(word) || (actionsLabelled(word) as string[]).includes(r.action_type),
      );
    })
    .reverse();
  const start = at.after ? matching.findIndex((r) => r.id < at.after!.id) : (at.page - 1) * at.limit;
  const logs = start === -1 ? [] : matching.slice(start, start + at.limit);
  return { logs, total: matching.length };
}
