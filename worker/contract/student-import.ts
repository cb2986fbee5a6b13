// Importing a register from a spreadsheet (issue 30): the page reads the file and maps its columns
// (domain/register-import.ts), then sends its lines in batches; the server answers what it does
// with each (the preview), then writes them (the confirmed import), each line held to the student
// form's rules (contract/students.ts) and checked against the school's students.
import { z } from 'zod';
import { IMPORT_CHECK_LINES, IMPORT_WRITE_LINES } from '../domain/register-import';
import { area, post } from './endpoint';
import { studentId, studentYearId } from './students';
import { importServerText as t } from './texts/student-import';

/** A cell as sent: text, at most 1,000 characters (the form's own limits are the line's rules). */
const cell = z.string({ error: t.lineInvalid }).max(1000, t.lineInvalid).default('');

export const importLine = z.object({
  line: z.number({ error: t.lineInvalid }).int().min(1).max(1_000_000),
  id: studentId,
  nom: cell,
  prenom: cell,
  sexe: cell,
  date_of_birth: cell,
  birth_place: cell,
  address: cell,
  nisu: cell,
  className: cell,
  tutor_name: cell,
  tutor_phone: cell,
  tutor_email: cell,
});

const lines = (max: number) =>
  z
    .array(importLine, { error: t.linesRequired })
    .min(1, t.linesRequired)
    .max(max, t.tooManyLines(max))
    .refine((all) => new Set(all.map((l) => l.id)).size === all.length, t.linesRepeated);

export const lineVerdict = z.strictObject({
  line: z.number(),
  status: z.enum(['create', 'enrol', 'duplicate', 'refused', 'imported']),
  className: z.string().optional(),
  reason: z.string().optional(),
});

export const importApi = area('students', {
  check: post(
    '/students/import/check',
    "The import's preview: what would happen to each line (created, enrolled in a class, duplicate of a student of the school or of an earlier line, or refused with the student form's reason). Writes nothing.",
    {
      offline: 'never',
      body: z.object({ yearId: studentYearId, lines: lines(IMPORT_CHECK_LINES) }),
      answers: { 200: z.strictObject({ verdicts: z.array(lineVerdict) }) },
    },
  ),
  write: post(
    '/students/import',
    'Writes one batch of an import: the valid lines that are neither duplicates nor already written become students (enrolled in their class of the year); a batch sent again writes nothing twice (the ids are the lines’). Answers each line’s verdict.',
    {
      offline: 'never',
      body: z.object({ yearId: studentYearId, lines: lines(IMPORT_WRITE_LINES) }),
      answers: {
        200: z.strictObject({
          message: z.string(),
          verdicts: z.array(lineVerdict),
          created: z.number(),
          enrolled: z.number(),
        }),
      },
    },
  ),
});

export type ImportLineBody = z.input<typeof importLine>;
export type ImportCheck = z.output<(typeof importApi.check.answers)[200]>;
export type ImportWritten = z.output<(typeof importApi.write.answers)[200]>;
