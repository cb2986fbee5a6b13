// Importing a register (issue 30): the routes of contract/student-import.ts. Both read what a
// batch of lines needs in one round trip (the year, the classes named, the ids, NISUs and
// names-with-birth-date already in the school: a constant number of statements whatever the
// number of lines), then decide each line by the student form's rules. The write puts the
// condition "still no such student" inside its batch (decision 041): a NISU taken between the
// preview and the confirmation is refused, never written twice.
import { Hono } from 'hono';
import { allow, holdsAlso } from '../auth/access';
import { type ImportCheck, importApi as api, type ImportWritten } from '../contract/student-import';
import { studentFieldsSchema, type StudentFields } from '../contract/students';
import { importServerText as t } from '../contract/texts/student-import';
import { serverText } from '../contract/texts/server';
import * as classes from '../db/classes';
import * as enrollments from '../db/enrollments';
import * as students from '../db/students';
import { duplicatesInFile, keysOf, type LineVerdict } from '../domain/register-import';
import type { AppBindings, SchoolContext } from '../env';
import { ApiError, conflict } from '../lib/errors';
import { withYear } from '../lib/lookups';
import { route } from '../lib/route';
import { commit } from '../lib/write';
import { fullName, newEnrollment } from './enrollments';

export const studentImportRoutes = new Hono<AppBindings>();

type Line = (typeof api.check.body)['_zod']['output']['lines'][number];

/** A line the import will write: the student's fields as the form's rules left them, and its class. */
interface Planned {
  line: Line;
  id: string;
  fields: StudentFields;
  klass: { id: string; name: string; mppa: number | null } | null;
}

const IMPORT_CHANGED = 'import_changed';

/** The first French message of the student form's rules a line breaks, or its fields. */
function fieldsOf(line: Line): { fields: StudentFields } | { reason: string } {
  const result = studentFieldsSchema.safeParse({
    nom: line.nom,
    prenom: line.prenom,
    sexe: line.sexe,
    date_of_birth: line.date_of_birth,
    birth_place: line.birth_place,
    address: line.address,
    nisu: line.nisu,
    tutor_name: line.tutor_name,
    tutor_phone: line.tutor_phone,
    tutor_email: line.tutor_email,
  });
  return result.success
    ? { fields: result.data }
    : { reason: result.error.issues[0]?.message ?? serverText.invalidData };
}

/** What the import does with each line of a batch, and the lines it writes. */
async function plan(c: SchoolContext, yearId: string, lines: readonly Line[]) {
  const { db, school } = c.var;
  const canEnrol = holdsAlso(c, 'enrollment:create');
  const checked = lines.map((line) => ({ line, ...fieldsOf(line) }));
  const keys = checked.flatMap((l) => ('fields' in l ? [keysOf({ ...l.fields, nisu: l.fields.nisu ?? '' })] : []));
  const names = [...new Set(lines.map((l) => l.className.trim()).filter(Boolean))];

  const [year, classRows, taken, withNisu, withPerson] = await withYear(
    c,
    yearId,
    classes.selectByNames(db, school, names, yearId),
    students.selectTakenIds(
      db,
      school,
      lines.map((l) => l.id),
    ),
    students.selectByNisus(
      db,
      school,
      keys.flatMap((k) => (k.nisu ? [k.nisu] : [])),
    ),
    students.selectByPersons(
      db,
      school,
      keys.flatMap((k) => (k.person ? [k.person] : [])),
    ),
  );
  const classByName = new Map(classRows.map((k) => [k.name.toLowerCase(), k]));
  const ours = new Set(taken.filter((r) => r.ours).map((r) => r.id));
  const elsewhere = new Set(taken.filter((r) => !r.ours).map((r) => r.id));
  const nisuOwner = new Map(withNisu.map((s) => [s.nisu, s]));
  const personOwner = new Map(withPerson.map((s) => [s.person, s]));

  const verdicts = new Map<number, LineVerdict>();
  const candidates: Planned[] = [];
  for (const entry of checked) {
    const { line } = entry;
    const verdict = (status: LineVerdict['status'], reason?: string) =>
      verdicts.set(line.line, { line: line.line, status, ...(reason ? { reason } : {}) });
    if (ours.has(line.id)) {
      verdict('imported');
      continue;
    }
    if ('reason' in entry) {
      verdict('refused', entry.reason);
      continue;
    }
    const className = line.className.trim();
    const klass = className ? classByName.get(className.toLowerCase()) : undefined;
    if (className && !canEnrol) verdict('refused', t.enrolForbidden);
    else if (className && !klass) verdict('refused', t.unknownClass(className));
    else {
      const { nisu, person } = keysOf({ ...entry.fields, nisu: entry.fields.nisu ?? '' });
      const sameNisu = nisu ? nisuOwner.get(nisu) : undefined;
      const samePerson = person ? personOwner.get(person) : undefined;
      if (sameNisu) verdict('duplicate', t.sameNisu(fullName(sameNisu)));
      else if (samePerson) verdict('duplicate', t.samePerson(fullName(samePerson)));
      else {
        // An id another school already holds is never reported: the student gets a fresh one.
        const id = elsewhere.has(line.id) ? crypto.randomUUID() : line.id;
        candidates.push({ line, id, fields: entry.fields, klass: klass ?? null });
      }
    }
  }
  // Lines repeating an earlier line of the batch (the page checks the whole file the same way).
  const repeated = duplicatesInFile(
    candidates.map((p) => ({ ...p.fields, nisu: p.fields.nisu ?? '', line: p.line.line })),
  );
  const planned: Planned[] = [];
  for (const p of candidates) {
    const earlier = repeated.get(p.line.line);
    if (earlier) {
      const reason = earlier.reason === 'nisu' ? t.sameNisuAsLine(earlier.line) : t.samePersonAsLine(earlier.line);
      verdicts.set(p.line.line, { line: p.line.line, status: 'duplicate', reason });
      continue;
    }
    planned.push(p);
    verdicts.set(
      p.line.line,
      p.klass
        ? { line: p.line.line, status: 'enrol', className: p.klass.name }
        : { line: p.line.line, status: 'create' },
    );
  }
  return { year, planned, verdicts: lines.map((l) => verdicts.get(l.line)!) };
}

/** Who imports: holders of student:create; a line with a class enrols, which needs enrollment:create too. */
const importer = () => allow.permission('student:create', { 'enrollment:create': 'to enrol the students' });

route(studentImportRoutes, api.check, importer(), async (c) => {
  const body = c.req.valid('json');
  const { verdicts } = await plan(c, body.yearId, body.lines);
  return c.json<ImportCheck>({ verdicts });
});

route(studentImportRoutes, api.write, importer(), async (c) => {
  const body = c.req.valid('json');
  const { db, school } = c.var;
  // A student written by someone else between the read and the batch aborts the batch: the lines
  // are decided again once (that student is now a duplicate), then the batch is sent again.
  for (let attempt = 0; ; attempt++) {
    const { year, planned, verdicts } = await plan(c, body.yearId, body.lines);
    const enrolled = planned.filter((p) => p.klass);
    const answer: ImportWritten = {
      message: t.written(planned.length),
      verdicts,
      created: planned.length,
      enrolled: enrolled.length,
    };
    if (planned.length === 0) return c.json<ImportWritten>(answer);
    const rows: students.NewStudent[] = planned.map((p) => ({
      id: p.id,
      instanceId: school,
      nom: p.fields.nom,
      prenom: p.fields.prenom,
      sexe: p.fields.sexe,
      dateOfBirth: p.fields.date_of_birth,
      birthPlace: p.fields.birth_place,
      address: p.fields.address,
      nisu: p.fields.nisu,
      tutorName: p.fields.tutor_name,
      tutorPhone: p.fields.tutor_phone,
      tutorEmail: p.fields.tutor_email,
      medicalNotes: null,
      status: 'active',
      updatedAt: new Date().toISOString(),
    }));
    const enrolments = enrolled.map((p) => newEnrollment(school, p.id, year.id, p.klass!.id, p.klass!.mppa ?? 0));
    const keys = planned.map((p) => keysOf({ ...p.fields, nisu: p.fields.nisu ?? '' }));
    try {
      return await commit(c, [...students.insertStudents(db, rows), ...enrollments.insertEnrollments(db, enrolments)], {
        audit: {
          action: 'IMPORT_STUDENTS',
          target: `${planned.length} élèves`,
          details: {
            year_id: year.id,
            lines: [body.lines[0]!.line, body.lines[body.lines.length - 1]!.line],
            created: planned.length,
            enrolled: enrolled.length,
          },
        },
        body: answer,
        guards: [
          {
            holds: students.noneOfImport(school, {
              ids: rows.map((r) => r.id),
              nisus: keys.flatMap((k) => (k.nisu ? [k.nisu] : [])),
              persons: keys.flatMap((k) => (k.person ? [k.person] : [])),
            }),
            error: conflict(serverText.changedMeanwhile, IMPORT_CHANGED),
          },
        ],
      });
    } catch (error) {
      if (attempt === 0 && error instanceof ApiError && error.code === IMPORT_CHANGED) continue;
      throw error;
    }
  }
});
