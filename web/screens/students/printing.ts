// Printing from the student register: the A4 student sheet (document 2 §2 'Fiche de l'Élève':
// school header, footer 'Fiche imprimée le {date}', printing after 500 ms) and the list as
// filtered, every page of it.
import { html, openPrintWindow } from '../../components/print';
import { studentText } from '../../i18n/students';
import type { SchoolInfo } from '../../layouts/school';
import { formatDate } from '../../../worker/domain/format';
import { hasMedicalNotes, initials, parseMedicalNotes } from '../../../worker/domain/students';
import { fullName, type Student } from './model';

const t = studentText.sheet;
export const STUDENT_SHEET_DELAY_MS = 500;

export const sexLabel = (sexe: Student['sexe']) => (sexe === 'M' ? t.male : sexe === 'F' ? t.female : t.unknownSex);
export const classLabel = (s: Student) => s.enrollment?.className ?? t.notEnrolled;
const orDash = (value: string | null | undefined) => (value && value.trim() ? value : '-');

const SHEET_STYLES = `
  .student-head { display: flex; align-items: center; gap: 14px; margin-bottom: 12px; }
  .student-initials { width: 56px; height: 56px; border-radius: 50%; background: #1e3a8a; color: #fff; display: flex; align-items: center; justify-content: center; font-size: 20pt; font-weight: 700; }
  .student-head h2 { margin: 0; }
  .student-head p { margin: 2px 0 0; color: #444; }
  dl.facts { display: grid; grid-template-columns: 38% 62%; margin: 0; border: 1px solid #999; }
  dl.facts dt, dl.facts dd { margin: 0; padding: 5px 8px; border-bottom: 1px solid #ddd; }
  dl.facts dt { font-weight: 600; background: #f3f4f6; }
  dl.facts > :nth-last-child(-n + 2) { border-bottom: 0; }
  .none { color: #555; font-style: italic; }
`;

function facts(rows: [string, string][]) {
  return html`<dl class="facts">
    ${rows.map(
      ([label, value]) =>
        html`<dt>${label}</dt>
          <dd>${value}</dd>`,
    )}
  </dl>`;
}

/** The sheet's sections, in the dialog and on paper: a title and its facts (none: no medical notes). */
export function sheetSections(s: Student): { key: string; title: string; facts: [string, string][] | null }[] {
  const notes = parseMedicalNotes(s.medical_notes);
  return [
    {
      key: 'personal',
      title: t.personal,
      facts: [
        [t.nisu, orDash(s.nisu)],
        [t.className, classLabel(s)],
        [t.sexe, sexLabel(s.sexe)],
        [t.birthDate, formatDate(s.date_of_birth)],
        [t.birthPlace, orDash(s.birth_place)],
        [t.address, orDash(s.address)],
      ],
    },
    {
      key: 'tutor',
      title: t.tutor,
      facts: [
        [t.tutorName, orDash(s.tutor_name)],
        [t.tutorPhone, orDash(s.tutor_phone)],
        [t.tutorEmail, orDash(s.tutor_email)],
      ],
    },
    {
      key: 'medical',
      title: t.medical,
      facts: hasMedicalNotes(notes)
        ? [
            [t.bloodGroup, orDash(notes.blood_group)],
            [t.allergies, orDash(notes.allergies)],
            [t.illnesses, orDash(notes.illnesses)],
          ]
        : null,
    },
  ];
}

function sheetBody(s: Student, yearName: string) {
  return html` <div class="student-head">
      <div class="student-initials">${initials(s.prenom, s.nom)}</div>
      <div>
        <h2>${t.title}</h2>
        <p><strong>${fullName(s)}</strong> — ${yearName}${s.status === 'archived' ? html` — ${t.archived}` : ''}</p>
      </div>
    </div>
    ${sheetSections(s).map(
      (section) =>
        html`<h3>${section.title}</h3>
          ${section.facts ? facts(section.facts) : html`<p class="none">${t.noNotes}</p>`}`,
    )}`;
}

/** One A4 sheet per student. */
export function printStudentSheets(students: readonly Student[], school: SchoolInfo | null, yearName: string) {
  return openPrintWindow({
    title: students.length === 1 ? `${t.title} — ${fullName(students[0]!)}` : studentText.print.sheetsTitle,
    school,
    pages: students.map((s) => sheetBody(s, yearName)),
    printedOn: t.printedOn,
    delayMs: STUDENT_SHEET_DELAY_MS,
    popupBlockedMessage: studentText.print.popupBlocked,
    styles: SHEET_STYLES,
  });
}

/** The students as one list (name, NISU, class, sex, birth date, tutor phone), in `win` if opened already. */
export function printStudentList(
  students: readonly Student[],
  school: SchoolInfo | null,
  yearName: string,
  win?: Window,
) {
  const tt = studentText.table;
  const sorted = [...students].sort(
    (a, b) => a.nom.localeCompare(b.nom, 'fr') || a.prenom.localeCompare(b.prenom, 'fr'),
  );
  const body = html` <h2>${studentText.print.listTitle(yearName)}</h2>
    <p>${studentText.print.count(sorted.length)}</p>
    <table>
      <thead>
        <tr>
          <th class="num">${studentText.print.number}</th>
          <th>${tt.nom}</th>
          <th>${tt.prenom}</th>
          <th>${tt.nisu}</th>
          <th>${tt.className}</th>
          <th>${t.sexe}</th>
          <th>${t.birthDate}</th>
          <th>${t.tutorPhone}</th>
        </tr>
      </thead>
      <tbody>
        ${sorted.map(
          (s, i) =>
            html`<tr>
              <td class="num">${i + 1}</td>
              <td>${s.nom}</td>
              <td>${s.prenom}</td>
              <td>${orDash(s.nisu)}</td>
              <td>${classLabel(s)}</td>
              <td>${s.sexe ?? '-'}</td>
              <td>${formatDate(s.date_of_birth)}</td>
              <td>${orDash(s.tutor_phone)}</td>
            </tr>`,
        )}
      </tbody>
    </table>`;
  return openPrintWindow({
    title: studentText.print.listTitle(yearName),
    school,
    pages: [body],
    printedOn: studentText.print.listPrintedOn,
    delayMs: STUDENT_SHEET_DELAY_MS,
    popupBlockedMessage: studentText.print.popupBlocked,
    window: win,
  });
}
