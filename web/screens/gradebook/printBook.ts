// 'Imprimer' in the grade book (document 2 §2): a page per selected student, each evaluation's
// score out of its max, the average and the appreciation, under the school's header.
import { html, openPrintWindow } from '../../components/print';
import { toast } from '../../components/toast';
import { gradebookText as t } from '../../i18n/gradebook';
import type { SchoolInfo } from '../../layouts/school';
import type { BookStudent } from '../../../worker/contract/grades';
import { formatPoints } from '../../../worker/domain/grades';
import { percentText, studentName } from './book';
import type { BookState } from './useBook';

export interface PrintedBook {
  school: SchoolInfo | null;
  yearName: string;
  className: string;
  subjectName: string;
  periodName: string;
  /** The selected students, in the book's order. */
  students: readonly BookStudent[];
  state: BookState;
}

export function printBook({ school, yearName, className, subjectName, periodName, students, state }: PrintedBook) {
  if (!students.length) return toast.error(t.print.none);
  openPrintWindow({
    title: t.print.title(subjectName, className),
    school,
    delayMs: 1000,
    popupBlockedMessage: t.print.popupBlocked,
    printedOn: t.print.footer,
    pages: students.map((s) => {
      const average = state.averageOf(s.enrollment_id);
      return html`<h2>${studentName(s)}</h2>
        <p>${t.print.classLine(className, yearName)}</p>
        <h3>${t.print.heading(subjectName, periodName)}</h3>
        <table class="print-table">
          <thead>
            <tr>
              <th>${t.print.evaluation}</th>
              <th>${t.print.score}</th>
            </tr>
          </thead>
          <tbody>
            ${state.evaluations.map((e) => {
              const score = state.scoreOf(e.id, s.enrollment_id);
              return html`<tr>
                <td>${e.name}</td>
                <td>${score === null ? '-' : `${formatPoints(score)} / ${formatPoints(e.max_score)}`}</td>
              </tr>`;
            })}
          </tbody>
        </table>
        <p><strong>${t.average} : ${average === null ? '-' : percentText(average)}</strong></p>
        <p>${t.appreciation} : ${state.data?.appreciationsByEnrollment[s.enrollment_id] ?? '-'}</p>`;
    }),
  });
}
