// An import under way as the tab keeps it (issue 30): what the register's screen reads to offer
// resuming it. Apart from job.ts, whose checks and batches travel only with the import's own
// chunk (the register's screen is stored for offline use, the import is not; decision 363).
import type { ImportLine, LineVerdict } from '../../../../worker/domain/register-import';

/** A line the import did not write, for the summary and its CSV. */
export interface SkippedLine {
  line: number;
  name: string;
  status: LineVerdict['status'];
  reason: string;
}

export interface ImportJob {
  yearId: string;
  file: string;
  /** The lines to write, in the file's order. */
  lines: ImportLine[];
  /** How many of `lines` the server has answered for. */
  sent: number;
  created: number;
  enrolled: number;
  skipped: SkippedLine[];
}

const storageKey = (yearId: string) => `studentImport:${yearId}`;

export function savedJob(yearId: string): ImportJob | null {
  try {
    const raw = sessionStorage.getItem(storageKey(yearId));
    return raw ? (JSON.parse(raw) as ImportJob) : null;
  } catch {
    return null;
  }
}

export const saveJob = (job: ImportJob) => sessionStorage.setItem(storageKey(job.yearId), JSON.stringify(job));
export const dropJob = (yearId: string) => sessionStorage.removeItem(storageKey(yearId));
