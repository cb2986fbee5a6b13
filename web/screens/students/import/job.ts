// An import under way (issue 30): the lines the preview accepted, how many were sent and what
// landed. Kept in the tab's sessionStorage after every batch, so that an import interrupted by
// the network or a reload is resumed where it stopped (a batch sent twice writes nothing twice:
// its lines carry their student ids) or leaves a clear count of what landed.
import { send } from '../../../api/calls';
import { endpoints } from '../../../api/endpoints';
import { importServerText } from '../../../i18n/student-import';
import { type ImportJob, type SkippedLine, saveJob } from './saved';
import {
  duplicatesInFile,
  IMPORT_CHECK_LINES,
  IMPORT_WRITE_LINES,
  type ImportLine,
  type LineVerdict,
  writes,
} from '../../../../worker/domain/register-import';

export { type ImportJob, type SkippedLine, savedJob, saveJob, dropJob } from './saved';

export const lineName = (line: Pick<ImportLine, 'prenom' | 'nom'>) => `${line.prenom} ${line.nom}`.trim() || '-';

/**
 * The preview of every line: the server's verdicts, asked in batches of IMPORT_CHECK_LINES,
 * then the lines repeating an earlier line of another batch (the server sees one batch at a time;
 * the rule is the same, domain/register-import.ts).
 */
export async function checkLines(
  yearId: string,
  lines: readonly ImportLine[],
  onProgress: (done: number) => void,
): Promise<Map<number, LineVerdict>> {
  const verdicts = new Map<number, LineVerdict>();
  for (let i = 0; i < lines.length; i += IMPORT_CHECK_LINES) {
    const batch = lines.slice(i, i + IMPORT_CHECK_LINES);
    const answer = await send(endpoints.import.check, { body: { yearId, lines: batch } });
    for (const v of answer.verdicts) verdicts.set(v.line, v);
    onProgress(i + batch.length);
  }
  const kept = (l: ImportLine) => writes(verdicts.get(l.line)?.status ?? 'refused');
  for (const [line, earlier] of duplicatesInFile(lines, kept)) {
    if (!kept(lines.find((l) => l.line === line)!)) continue;
    const reason =
      earlier.reason === 'nisu'
        ? importServerText.sameNisuAsLine(earlier.line)
        : importServerText.samePersonAsLine(earlier.line);
    verdicts.set(line, { line, status: 'duplicate', reason });
  }
  return verdicts;
}

/** Sends the job's next batch and answers the job as it now stands (saved). */
export async function sendNextBatch(job: ImportJob): Promise<ImportJob> {
  const batch = job.lines.slice(job.sent, job.sent + IMPORT_WRITE_LINES);
  const answer = await send(endpoints.import.write, { body: { yearId: job.yearId, lines: batch } });
  const byLine = new Map(batch.map((l) => [l.line, l]));
  let created = 0;
  let enrolled = 0;
  const skipped: SkippedLine[] = [];
  for (const v of answer.verdicts) {
    if (writes(v.status) || v.status === 'imported') {
      created += 1;
      if (v.status === 'enrol' || (v.status === 'imported' && byLine.get(v.line)?.className)) enrolled += 1;
    } else {
      skipped.push({ line: v.line, name: lineName(byLine.get(v.line)!), status: v.status, reason: v.reason ?? '' });
    }
  }
  const next: ImportJob = {
    ...job,
    sent: job.sent + batch.length,
    created: job.created + created,
    enrolled: job.enrolled + enrolled,
    skipped: [...job.skipped, ...skipped],
  };
  saveJob(next);
  return next;
}
