// The palmarès of a class (issue 30): the report cards' own figures, best first, ties shared,
// students without an average last, each with the colour band of its average.
import { describe, expect, it } from 'vitest';
import { buildReportCards } from '../../worker/domain/report-cards';
import { palmaresRows } from '../../web/screens/report-cards/palmares';
import type { ReportData } from '../../worker/contract/grades';

const student = (id: string, nom: string) => ({
  id: `e-${id}`,
  student: { id, nom, prenom: 'Élève', nisu: null, date_of_birth: null, sexe: 'F' },
});
const grade = (score: number) => ({
  subject_id: 'maths',
  period_id: 't1',
  evaluation_name: 'Devoir',
  score,
  max_score: 100,
});

describe('palmaresRows', () => {
  it('ranks by the period average as the cards do: ties share a rank, the unranked come last', () => {
    const data = {
      enrollments: [student('a', 'Zéphir'), student('b', 'Augustin'), student('c', 'Bien'), student('d', 'Vide')],
      subjects: [{ subject_id: 'maths', subject_name: 'Mathématiques', max_grade: 100 }],
      gradesByEnrollment: { 'e-a': [grade(55)], 'e-b': [grade(85)], 'e-c': [grade(85)] },
      appreciationsByEnrollment: {},
      generalAppreciationsByEnrollment: {},
    } as unknown as ReportData;
    const model = buildReportCards({
      data,
      periods: [{ id: 't1', name: 'Trimestre 1' }],
      periodId: 't1',
      passingGrade: 50,
      lastClass: false,
    });
    expect(palmaresRows(model).map((r) => [r.rank, r.tied, r.nom, r.average, r.band, r.decision])).toEqual([
      [1, true, 'Augustin', 85, 'good', 'admitted'],
      [1, true, 'Bien', 85, 'good', 'admitted'],
      [3, false, 'Zéphir', 55, 'poor', 'admitted'],
      [null, false, 'Vide', null, null, null],
    ]);
  });
});
