// A read model: a class's report data for a period (contract/grades.ts ReportData), read in one
// round trip of four statements from the owners of its tables: students, subjects with their max
// grade, every grade of the year, the period's subject and general appreciations. The report
// cards, the promotion and the student's own grades read it.
import type { ReportData } from '../contract/grades';
import * as appreciations from './appreciations';
import type { Db } from './client';
import * as curriculum from './curriculum';
import * as enrollments from './enrollments';
import * as grades from './grades';
import { toPoints } from '../domain/grades';
import { compareNames } from '../domain/text';

export async function readReportData(
  db: Db,
  school: string,
  c: { yearId: string; classId: string; periodId: string },
): Promise<ReportData> {
  const [studentRows, subjectRows, gradeRows, appreciationRows] = await db.batch([
    enrollments.selectReportStudents(db, school, c.yearId, c.classId),
    curriculum.selectClassSubjects(db, school, c.yearId, c.classId),
    grades.selectClassYearGrades(db, school, c.yearId, c.classId),
    appreciations.selectClassAllAppreciations(db, school, c),
  ]);
  const gradesByEnrollment: ReportData['gradesByEnrollment'] = {};
  for (const g of gradeRows) {
    (gradesByEnrollment[g.enrollment_id] ??= []).push({
      subject_id: g.subject_id,
      period_id: g.period_id,
      evaluation_name: g.evaluation_name,
      score: toPoints(g.score),
      max_score: toPoints(g.max_score),
    });
  }
  const appreciationsByEnrollment: ReportData['appreciationsByEnrollment'] = {};
  const generalAppreciationsByEnrollment: ReportData['generalAppreciationsByEnrollment'] = {};
  for (const a of appreciationRows) {
    if (a.subject_id === null) generalAppreciationsByEnrollment[a.enrollment_id] = a.text;
    else (appreciationsByEnrollment[a.enrollment_id] ??= {})[a.subject_id] = a.text;
  }
  return {
    enrollments: studentRows
      .sort((a, b) => compareNames(a.nom, b.nom) || compareNames(a.prenom, b.prenom))
      .map((s) => ({
        id: s.enrollment_id,
        student: {
          id: s.student_id,
          nom: s.nom,
          prenom: s.prenom,
          nisu: s.nisu,
          date_of_birth: s.date_of_birth,
          sexe: s.sexe,
        },
      })),
    subjects: subjectRows.map((s) => ({
      subject_id: s.subject_id,
      subject_name: s.subject_name,
      max_grade: toPoints(s.max_grade),
    })),
    gradesByEnrollment,
    appreciationsByEnrollment,
    generalAppreciationsByEnrollment,
  };
}
