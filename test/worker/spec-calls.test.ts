// Every call of the spec's two API tables (document 1 §7 'The calls it makes', document 2 §7 'The
// calls'), made in the shape the table gives it: method, path, the query parameters and the body
// fields as written (issue 23). The tables' rows are in spec-tables.ts exactly as the spec has them; the test
// parses them, checks that each call has a step here, that each step's request is the call as
// written (path, query names, body fields), and runs the steps in order on one school: each must
// answer 2xx, with the keys the table says the page uses.
import { describe, expect, it } from 'vitest';
import type { PromotionPreview } from '../../worker/contract/promotion';
import { createYear } from './fixtures-academic';
import { bodyOf, createPlatformUser, createSchool, PASSWORD, sql, type TestSchool, tokenFor } from './helpers';
import { CALLS, DOCUMENT_1, DOCUMENT_2, type Fields } from './spec-tables';

/**
 * The role guides are files of the build (docs/guides/*.md copied to /docs/*.md by the client
 * build, served by the assets binding; test/e2e/docs.spec.ts reads them served): here, each
 * guide the rows name must exist.
 */
const STATIC_FILES = new Set(['GET /docs/standard.md', 'GET /docs/{role}.md']);
const GUIDES = import.meta.glob('../../docs/guides/*.md', { query: '?raw', import: 'default', eager: true });

/** Answers the page reads by name ('accessToken', '{logs, pagination}', 'list of class_name, mppa'…). */
const namesKeys = (answer: string) => /[{_]|[a-z][A-Z]|^message$/.test(answer);

// ------------------------------------------------------------------------------ The steps

type Who = 'admin' | 'secretaire' | 'prof' | 'eleve' | 'nouveau' | 'neuf' | 'superadmin' | null;

interface Ctx {
  school: TestSchool;
  tokens: Record<Exclude<Who, null>, string>;
  yearId: string;
  nextYearId: string;
  v: Record<string, string>;
  info?: unknown;
}

interface Request {
  /** The path with its parameters in place (no query). */
  path: string;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
}

interface Step {
  /** The call as its table names it ('METHOD /api/path/{param}'). */
  call: string;
  as: Who;
  request: (ctx: Ctx) => Request | Promise<Request>;
  /** The keys the page uses, checked on the answer (and ids kept for later steps). */
  answer?: (json: never, ctx: Ctx) => void | Promise<void>;
  /** Query parameters of the row this step leaves out (the admin-only userId on the superadmin's list). */
  leaves?: string[];
}

const e = encodeURIComponent;
const keys =
  (...names: string[]) =>
  (json: Record<string, unknown>) => {
    for (const name of names) expect(json, `the answer names ${name}`).toHaveProperty(name);
  };

const STEPS: Step[] = [
  // ---------------------------------------------------------------------------- Document 1
  {
    call: 'POST /api/login',
    as: null,
    request: () => ({ path: '/api/login', body: { username: 'admin', password: PASSWORD } }),
    answer: keys('accessToken'),
  },
  { call: 'GET /api/instance/default', as: null, request: () => ({ path: '/api/instance/default' }) },
  {
    call: 'GET /api/instance/current',
    as: 'admin',
    request: () => ({ path: '/api/instance/current' }),
    answer: (json: Record<string, unknown>, ctx) => {
      ctx.info = json;
    },
  },
  // 'school info object': the school as GET /instance/current gave it.
  {
    call: 'PUT /api/instance/current',
    as: 'admin',
    request: (ctx) => ({ path: '/api/instance/current', body: ctx.info as Record<string, unknown> }),
  },
  {
    call: 'PUT /api/student/force-change-password',
    as: 'neuf',
    request: () => ({ path: '/api/student/force-change-password', body: { newPassword: 'Eleve#Nouveau-2026' } }),
    answer: keys('accessToken'),
  },
  {
    call: 'PUT /api/user/force-change-password',
    as: 'nouveau',
    request: () => ({ path: '/api/user/force-change-password', body: { newPassword: 'Staff#Nouveau-2026' } }),
    answer: keys('accessToken'),
  },
  {
    call: 'POST /api/setup/new-year',
    as: 'admin',
    request: () => ({
      path: '/api/setup/new-year',
      body: {
        yearName: '2025-2026',
        periods: ['Trimestre 1', 'Trimestre 2', 'Trimestre 3'],
        classes: [
          { name: '7e AF', order_index: 1 },
          { name: '8e AF', order_index: 2 },
        ],
        subjects: [{ name: 'Mathématiques' }, { name: 'Français' }],
        curriculum: [
          { className: '7e AF', subjectName: 'Mathématiques', maxGrade: 100 },
          { className: '7e AF', subjectName: 'Français', maxGrade: 100 },
          { className: '8e AF', subjectName: 'Mathématiques', maxGrade: 100 },
        ],
        financials: [
          { className: '7e AF', mppa: 25000 },
          { className: '8e AF', mppa: 30000 },
        ],
      },
    }),
  },
  {
    call: 'GET /api/school-years',
    as: 'admin',
    request: () => ({ path: '/api/school-years' }),
    answer: (json: { id: string; name: string; is_current: boolean }[], ctx) => {
      const year = json.find((y) => y.name === '2025-2026')!;
      expect(year.is_current).toBe(true);
      ctx.yearId = year.id;
    },
  },
  {
    call: 'POST /api/school-years',
    as: 'admin',
    request: () => ({ path: '/api/school-years', body: { name: '2030-2031' } }),
    answer: (json: { id: string }, ctx) => {
      ctx.v.spareYear = json.id;
    },
  },
  {
    call: 'PUT /api/school-years/{id}/set-current',
    as: 'admin',
    request: (ctx) => ({ path: `/api/school-years/${ctx.yearId}/set-current` }),
  },
  {
    call: 'DELETE /api/school-years/{id}',
    as: 'admin',
    request: (ctx) => ({ path: `/api/school-years/${ctx.v.spareYear}` }),
  },
  {
    call: 'GET /api/academic-periods',
    as: 'admin',
    request: (ctx) => ({ path: '/api/academic-periods', query: { yearId: ctx.yearId } }),
    answer: (json: { id: string; name: string }[], ctx) => {
      ctx.v.t1 = json.find((p) => p.name === 'Trimestre 1')!.id;
    },
  },
  {
    call: 'POST /api/academic-periods',
    as: 'admin',
    request: (ctx) => ({ path: '/api/academic-periods', body: { name: 'Examen', year_id: ctx.yearId } }),
    answer: (json: { id: string }, ctx) => {
      ctx.v.period = json.id;
    },
  },
  {
    call: 'PUT /api/academic-periods/{id}',
    as: 'admin',
    request: (ctx) => ({
      path: `/api/academic-periods/${ctx.v.period}`,
      body: { name: 'Examen final', year_id: ctx.yearId },
    }),
  },
  {
    call: 'DELETE /api/academic-periods/{id}',
    as: 'admin',
    request: (ctx) => ({ path: `/api/academic-periods/${ctx.v.period}` }),
  },
  { call: 'GET /api/classes', as: 'admin', request: () => ({ path: '/api/classes' }) },
  {
    call: 'POST /api/classes',
    as: 'admin',
    request: () => ({ path: '/api/classes', body: { name: '9e AF' } }),
    answer: (json: { id: string }, ctx) => {
      ctx.v.klass = json.id;
    },
  },
  {
    call: 'PUT /api/classes/{id}',
    as: 'admin',
    request: (ctx) => ({ path: `/api/classes/${ctx.v.klass}`, body: { name: '9e Année' } }),
  },
  { call: 'DELETE /api/classes/{id}', as: 'admin', request: (ctx) => ({ path: `/api/classes/${ctx.v.klass}` }) },
  { call: 'GET /api/subjects', as: 'admin', request: () => ({ path: '/api/subjects' }) },
  {
    call: 'POST /api/subjects',
    as: 'admin',
    request: () => ({ path: '/api/subjects', body: { name: 'Dessin' } }),
    answer: (json: { id: string }, ctx) => {
      ctx.v.subject = json.id;
    },
  },
  {
    call: 'PUT /api/subjects/{id}',
    as: 'admin',
    request: (ctx) => ({ path: `/api/subjects/${ctx.v.subject}`, body: { name: 'Arts plastiques' } }),
  },
  {
    call: 'POST /api/curriculum/assign',
    as: 'admin',
    request: (ctx) => ({
      path: '/api/curriculum/assign',
      body: { yearId: ctx.yearId, className: '8e AF', subjectId: ctx.v.subject },
    }),
  },
  {
    call: 'GET /api/curriculum',
    as: 'admin',
    request: (ctx) => ({ path: '/api/curriculum', query: { yearId: ctx.yearId, className: '7e AF' } }),
    answer: (json: { assigned: { id: string; subject_id: string; subject_name: string }[] }, ctx) => {
      keys('assigned', 'available')(json);
      ctx.v.cell = json.assigned[0]!.id;
      ctx.v.maths = json.assigned.find((s) => s.subject_name === 'Mathématiques')!.subject_id;
    },
  },
  {
    call: 'PUT /api/curriculum/max-grade/{id}',
    as: 'admin',
    request: (ctx) => ({ path: `/api/curriculum/max-grade/${ctx.v.cell}`, body: { max_grade: 100 } }),
  },
  {
    call: 'POST /api/curriculum/unassign',
    as: 'admin',
    request: (ctx) => ({
      path: '/api/curriculum/unassign',
      body: { yearId: ctx.yearId, className: '8e AF', subjectId: ctx.v.subject },
    }),
  },
  { call: 'DELETE /api/subjects/{id}', as: 'admin', request: (ctx) => ({ path: `/api/subjects/${ctx.v.subject}` }) },
  {
    call: 'GET /api/class-financials',
    as: 'admin',
    request: (ctx) => ({ path: '/api/class-financials', query: { yearId: ctx.yearId } }),
    answer: (json: Record<string, unknown>[]) => keys('class_name', 'mppa')(json[0]!),
  },
  {
    call: 'PUT /api/class-financials',
    as: 'admin',
    request: (ctx) => ({
      path: '/api/class-financials',
      body: { yearId: ctx.yearId, financials: [{ class_name: '7e AF', mppa: 26000 }] },
    }),
  },
  {
    call: 'GET /api/roles',
    as: 'admin',
    request: () => ({ path: '/api/roles' }),
    answer: (json: { id: string; template_key: string | null }[], ctx) => {
      ctx.v.accountantRole = json.find((r) => r.template_key === 'accountant')!.id;
    },
  },
  {
    call: 'GET /api/permissions',
    as: 'admin',
    request: () => ({ path: '/api/permissions' }),
    answer: (json: { id: number; key: string }[], ctx) => {
      ctx.v.permission = String(json.find((p) => p.key === 'student:read')!.id);
    },
  },
  {
    call: 'POST /api/roles',
    as: 'admin',
    request: (ctx) => ({
      path: '/api/roles',
      body: { name: 'Bibliothécaire', permissionIds: [Number(ctx.v.permission)] },
    }),
    answer: (json: { id: string }, ctx) => {
      ctx.v.role = json.id;
    },
  },
  {
    call: 'PUT /api/roles/{id}',
    as: 'admin',
    request: (ctx) => ({
      path: `/api/roles/${ctx.v.role}`,
      body: { name: 'Documentaliste', permissionIds: [Number(ctx.v.permission)] },
    }),
  },
  { call: 'DELETE /api/roles/{id}', as: 'admin', request: (ctx) => ({ path: `/api/roles/${ctx.v.role}` }) },
  { call: 'GET /api/users', as: 'admin', request: () => ({ path: '/api/users' }) },
  {
    call: 'POST /api/register',
    as: 'admin',
    request: (ctx) => ({
      path: '/api/register',
      body: { username: 'caissier', password: 'Caisse#Forte-2026', roleIds: [ctx.v.accountantRole] },
    }),
    answer: (json: { id: string; message: string }, ctx) => {
      keys('message')(json);
      ctx.v.user = json.id;
    },
  },
  {
    call: 'PUT /api/users/{id}/roles',
    as: 'admin',
    request: (ctx) => ({ path: `/api/users/${ctx.v.user}/roles`, body: { roleIds: [ctx.v.accountantRole] } }),
  },
  {
    call: 'PUT /api/users/{id}/reset-password',
    as: 'admin',
    request: (ctx) => ({ path: `/api/users/${ctx.v.user}/reset-password` }),
    answer: keys('username', 'tempPassword'),
  },
  { call: 'DELETE /api/delete-user/{id}', as: 'admin', request: (ctx) => ({ path: `/api/delete-user/${ctx.v.user}` }) },
  { call: 'GET /api/admin/announcements', as: 'admin', request: () => ({ path: '/api/admin/announcements' }) },
  // Document 1 lists it without parameters: the current year's teachers.
  {
    call: 'GET /api/teachers',
    as: 'admin',
    request: () => ({ path: '/api/teachers' }),
    answer: (json: { id: string; prenom: string; assignments: { class_name: string }[] }[], ctx) => {
      const teacher = json.find((t) => t.id === ctx.v.teacher)!;
      expect(teacher.assignments.map((a) => a.class_name)).toEqual(['7e AF']);
    },
  },
  {
    call: 'POST /api/admin/teacher-announcements',
    as: 'admin',
    request: (ctx) => ({
      path: '/api/admin/teacher-announcements',
      body: { content: 'Réunion des professeurs vendredi.', teacher_ids: [ctx.v.teacher] },
    }),
    answer: (json: { id: string }, ctx) => {
      ctx.v.teacherAnnouncement = json.id;
    },
  },
  {
    call: 'GET /api/admin/teacher-announcements',
    as: 'admin',
    request: () => ({ path: '/api/admin/teacher-announcements' }),
  },
  {
    call: 'DELETE /api/admin/teacher-announcements',
    as: 'admin',
    request: (ctx) => ({
      path: '/api/admin/teacher-announcements',
      body: { announcementIds: [ctx.v.teacherAnnouncement] },
    }),
  },
  {
    call: 'POST /api/admin/student-announcements',
    as: 'admin',
    request: () => ({
      path: '/api/admin/student-announcements',
      body: { content: 'Sortie scolaire lundi.', target_class_names: ['7e AF'] },
    }),
    answer: (json: { id: string }, ctx) => {
      ctx.v.studentAnnouncement = json.id;
    },
  },
  {
    call: 'GET /api/admin/student-announcements',
    as: 'admin',
    request: () => ({ path: '/api/admin/student-announcements' }),
  },
  {
    call: 'DELETE /api/admin/student-announcements',
    as: 'admin',
    request: (ctx) => ({
      path: '/api/admin/student-announcements',
      body: { announcementIds: [ctx.v.studentAnnouncement] },
    }),
  },
  {
    call: 'POST /api/teacher/support-messages',
    as: 'prof',
    request: () => ({
      path: '/api/teacher/support-messages',
      body: { content: 'Le projecteur de la salle 2 est en panne.' },
    }),
  },
  { call: 'GET /api/teacher/support-messages', as: 'prof', request: () => ({ path: '/api/teacher/support-messages' }) },
  {
    call: 'GET /api/admin/teacher-support/conversations',
    as: 'admin',
    request: () => ({ path: '/api/admin/teacher-support/conversations' }),
  },
  {
    call: 'GET /api/admin/teacher-support/messages/{teacherId}',
    as: 'admin',
    request: (ctx) => ({ path: `/api/admin/teacher-support/messages/${ctx.v.teacher}` }),
  },
  {
    call: 'POST /api/admin/teacher-support/messages/{teacherId}',
    as: 'admin',
    request: (ctx) => ({
      path: `/api/admin/teacher-support/messages/${ctx.v.teacher}`,
      body: { content: 'Un technicien passe demain.' },
    }),
    answer: (json: { id: string }, ctx) => {
      ctx.v.message = json.id;
    },
  },
  {
    call: 'DELETE /api/admin/teacher-support/messages',
    as: 'admin',
    request: (ctx) => ({ path: '/api/admin/teacher-support/messages', body: { messageIds: [ctx.v.message] } }),
  },

  // ---------------------------------------------------------------------------- Document 2
  {
    call: 'POST /api/students',
    as: 'admin',
    request: (ctx) => ({
      path: '/api/students',
      body: {
        id: ctx.v.studentA,
        nom: 'Augustin',
        prenom: 'Rose',
        sexe: 'F',
        date_of_birth: '2013-04-02',
        address: 'Delmas 33',
        photo_url: null,
        tutor_name: 'Marie Augustin',
        tutor_phone: '3712 3456',
        tutor_email: 'marie.augustin@example.ht',
        medical_notes: null,
        nisu: null,
        enrollment: { year_id: ctx.yearId, className: '7e AF', mppa: 25000 },
      },
    }),
  },
  {
    call: 'POST /api/students',
    as: 'admin',
    request: (ctx) => ({
      path: '/api/students',
      body: {
        id: ctx.v.studentB,
        nom: 'Baptiste',
        prenom: 'Luc',
        sexe: 'M',
        date_of_birth: '2013-01-15',
        address: 'Pétion-Ville',
        photo_url: null,
        tutor_name: null,
        tutor_phone: null,
        tutor_email: null,
        medical_notes: null,
        nisu: null,
      },
    }),
  },
  {
    call: 'POST /api/enrollments',
    as: 'admin',
    request: (ctx) => ({
      path: '/api/enrollments',
      body: { student_id: ctx.v.studentB, year_id: ctx.yearId, className: '7e AF', mppa: 25000 },
    }),
  },
  {
    call: 'POST /api/students',
    as: 'admin',
    request: (ctx) => ({
      path: '/api/students',
      body: {
        id: ctx.v.studentC,
        nom: 'Célestin',
        prenom: 'Ana',
        sexe: 'F',
        date_of_birth: '2012-11-30',
        address: 'Carrefour',
        photo_url: null,
        tutor_name: null,
        tutor_phone: null,
        tutor_email: null,
        medical_notes: null,
        nisu: null,
      },
    }),
  },
  {
    call: 'POST /api/enrollments/bulk',
    as: 'admin',
    request: (ctx) => ({
      path: '/api/enrollments/bulk',
      body: { student_ids: [ctx.v.studentC], year_id: ctx.yearId, className: '7e AF' },
    }),
  },
  {
    call: 'GET /api/enrollments',
    as: 'admin',
    request: (ctx) => ({ path: '/api/enrollments', query: { className: '7e AF', yearId: ctx.yearId } }),
    answer: (json: { id: string; student_id: string }[], ctx) => {
      for (const s of ['studentA', 'studentB', 'studentC'])
        ctx.v[`${s}Enrollment`] = json.find((r) => r.student_id === ctx.v[s])!.id;
    },
  },
  {
    call: 'GET /api/enrollments/all',
    as: 'admin',
    request: (ctx) => ({
      path: '/api/enrollments/all',
      query: {
        page: '1',
        limit: '25',
        selectedClasses: '7e AF,8e AF',
        balanceFilter: 'all',
        mppaFilter: '',
        searchTerm: '',
        yearId: ctx.yearId,
      },
    }),
    answer: (json: { pagination: Record<string, unknown> }) => {
      keys('enrollments', 'pagination')(json);
      keys('page', 'totalPages', 'total')(json.pagination);
    },
  },
  {
    call: 'PUT /api/enrollments/{id}/payments',
    as: 'admin',
    request: (ctx) => ({
      path: `/api/enrollments/${ctx.v.studentAEnrollment}/payments`,
      body: {
        payments: [{ label: 'Versement 1', amount: 5000, date: '2025-10-01' }],
        adjustments: [{ label: 'Bourse', amount: -2000 }],
      },
    }),
  },
  {
    call: 'PUT /api/enrollments/{id}/toggle-grades-access',
    as: 'admin',
    request: (ctx) => ({
      path: `/api/enrollments/${ctx.v.studentAEnrollment}/toggle-grades-access`,
      body: { enabled: false },
    }),
  },
  {
    call: 'PUT /api/classes/{className}/toggle-grades-access',
    as: 'admin',
    request: (ctx) => ({
      path: `/api/classes/${e('7e AF')}/toggle-grades-access`,
      body: { yearId: ctx.yearId, enabled: true },
    }),
  },
  {
    call: 'GET /api/students-with-enrollment-status',
    as: 'admin',
    request: (ctx) => ({
      path: '/api/students-with-enrollment-status',
      query: { yearId: ctx.yearId, page: '1', limit: '25', includeArchived: 'false', classFilter: '7e AF' },
    }),
    answer: keys('students', 'pagination'),
  },
  // 'same fields plus mppa, enrollmentId'
  {
    call: 'PUT /api/students/{id}',
    as: 'admin',
    request: (ctx) => ({
      path: `/api/students/${ctx.v.studentA}`,
      body: {
        id: ctx.v.studentA,
        nom: 'Augustin',
        prenom: 'Rose-Marie',
        sexe: 'F',
        date_of_birth: '2013-04-02',
        address: 'Delmas 33',
        photo_url: null,
        tutor_name: 'Marie Augustin',
        tutor_phone: '3712 3456',
        tutor_email: 'marie.augustin@example.ht',
        medical_notes: null,
        nisu: null,
        mppa: 25000,
        enrollmentId: ctx.v.studentAEnrollment,
      },
    }),
  },
  {
    call: 'POST /api/enrollments/bulk-change-class',
    as: 'admin',
    request: (ctx) => ({
      path: '/api/enrollments/bulk-change-class',
      body: { enrollmentIds: [ctx.v.studentCEnrollment], targetClassName: '8e AF' },
    }),
  },
  {
    call: 'POST /api/students/status',
    as: 'admin',
    request: (ctx) => ({ path: '/api/students/status', body: { ids: [ctx.v.studentC], status: 'archived' } }),
  },
  {
    call: 'POST /api/students/delete',
    as: 'admin',
    request: (ctx) => ({ path: '/api/students/delete', body: { ids: [ctx.v.studentC] } }),
  },
  {
    call: 'GET /api/student/access-status',
    as: 'eleve',
    request: (ctx) => ({ path: '/api/student/access-status', query: { yearId: ctx.yearId } }),
    answer: (json: { grades_access_enabled: boolean }) => expect(json.grades_access_enabled).toBe(true),
  },
  {
    call: 'GET /api/teacher/subject-details',
    as: 'prof',
    request: (ctx) => ({
      path: '/api/teacher/subject-details',
      query: { yearId: ctx.yearId, className: '7e AF', subjectId: ctx.v.maths!, periodId: ctx.v.t1! },
    }),
    answer: keys('gradesByEnrollment', 'appreciationsByEnrollment', 'maxGrade'),
  },
  {
    call: 'POST /api/grades',
    as: 'prof',
    request: (ctx) => ({
      path: '/api/grades',
      body: {
        enrollment_id: ctx.v.studentAEnrollment,
        subject_id: ctx.v.maths,
        period_id: ctx.v.t1,
        evaluation_name: 'Devoir 1',
        score: 15,
        max_score: 20,
      },
    }),
  },
  {
    call: 'PUT /api/grades/{id}',
    as: 'prof',
    request: async (ctx) => ({ path: `/api/grades/${await gradeId(ctx)}`, body: { score: 16 } }),
  },
  {
    call: 'PUT /api/grades/{id}',
    as: 'prof',
    request: async (ctx) => ({
      path: `/api/grades/${await gradeId(ctx)}`,
      body: { evaluation_name: 'Devoir surveillé 1', max_score: 20 },
    }),
  },
  {
    call: 'POST /api/appreciations',
    as: 'prof',
    request: (ctx) => ({
      path: '/api/appreciations',
      body: {
        enrollment_id: ctx.v.studentAEnrollment,
        subject_id: ctx.v.maths,
        period_id: ctx.v.t1,
        text: 'Bon travail.',
      },
    }),
  },
  {
    call: 'POST /api/general-appreciations',
    as: 'prof',
    request: (ctx) => ({
      path: '/api/general-appreciations',
      body: { enrollment_id: ctx.v.studentAEnrollment, period_id: ctx.v.t1, text: 'Élève sérieuse.' },
    }),
  },
  {
    call: 'GET /api/bulk-report-data',
    as: 'admin',
    request: (ctx) => ({
      path: '/api/bulk-report-data',
      query: { yearId: ctx.yearId, className: '7e AF', periodId: ctx.v.t1! },
    }),
  },
  {
    call: 'DELETE /api/grades/{id}',
    as: 'prof',
    request: async (ctx) => ({ path: `/api/grades/${await gradeId(ctx)}` }),
  },
  // A grade again: the promotion decides on grades only (a pupil without any is 'Sans notes', issue 38).
  {
    call: 'POST /api/grades',
    as: 'prof',
    request: (ctx) => ({
      path: '/api/grades',
      body: {
        enrollment_id: ctx.v.studentAEnrollment,
        subject_id: ctx.v.maths,
        period_id: ctx.v.t1,
        evaluation_name: 'Devoir 2',
        score: 14,
        max_score: 20,
      },
    }),
  },
  {
    call: 'GET /api/teacher/timetable',
    as: 'prof',
    request: (ctx) => ({ path: '/api/teacher/timetable', query: { yearId: ctx.yearId } }),
  },
  { call: 'GET /api/teacher/announcements', as: 'prof', request: () => ({ path: '/api/teacher/announcements' }) },
  {
    call: 'GET /api/teacher/dashboard',
    as: 'prof',
    request: (ctx) => ({ path: '/api/teacher/dashboard', query: { yearId: ctx.yearId } }),
  },
  {
    call: 'GET /api/daily-attendance-report',
    as: 'admin',
    request: (ctx) => ({
      path: '/api/daily-attendance-report',
      query: { yearId: ctx.yearId, className: '7e AF', startDate: '2026-01-19', endDate: '2026-01-24' },
    }),
  },
  {
    call: 'POST /api/daily-attendance-override',
    as: 'admin',
    request: (ctx) => ({
      path: '/api/daily-attendance-override',
      body: { student_id: ctx.v.studentA, date: '2026-01-19', status: 'absent', yearId: ctx.yearId },
    }),
  },
  {
    call: 'GET /api/attendance-report',
    as: 'admin',
    request: (ctx) => ({
      path: '/api/attendance-report',
      query: { yearId: ctx.yearId, className: '7e AF', startDate: '2026-01-19', endDate: '2026-01-24' },
    }),
  },
  {
    call: 'PUT /api/user/change-password',
    as: 'secretaire',
    request: () => ({
      path: '/api/user/change-password',
      body: { currentPassword: PASSWORD, newPassword: 'Secret#Nouveau-2026' },
    }),
    answer: keys('message'),
  },
  {
    call: 'GET /api/admin/audit-logs',
    as: 'admin',
    request: (ctx) => ({
      path: '/api/admin/audit-logs',
      query: { page: '1', userId: ctx.school.userIdByName.get('admin')!, searchTerm: '', startDate: '', endDate: '' },
    }),
    answer: (json: { logs: { id: string }[] }, ctx) => {
      keys('logs', 'pagination')(json);
      ctx.v.log = json.logs[0]!.id;
    },
  },
  {
    call: 'GET /api/superadmin/audit-logs',
    as: 'superadmin',
    request: () => ({
      path: '/api/superadmin/audit-logs',
      query: { page: '1', searchTerm: '', startDate: '', endDate: '' },
    }),
    answer: keys('logs', 'pagination'),
    // 'userId (admin only)'
    leaves: ['userId'],
  },
  {
    call: 'DELETE /api/superadmin/audit-logs/delete-bulk',
    as: 'superadmin',
    request: (ctx) => ({ path: '/api/superadmin/audit-logs/delete-bulk', body: { ids: [ctx.v.log] } }),
    answer: keys('message'),
  },
  // A range long past: the call as written, without emptying the journal of the tests around.
  {
    call: 'DELETE /api/superadmin/audit-logs/delete-by-date',
    as: 'superadmin',
    request: () => ({
      path: '/api/superadmin/audit-logs/delete-by-date',
      body: { startDate: '2001-01-01', endDate: '2001-01-02' },
    }),
    answer: keys('message'),
  },
  {
    call: 'GET /api/full-assignments',
    as: 'admin',
    request: (ctx) => ({ path: '/api/full-assignments', query: { yearId: ctx.yearId } }),
    answer: (json: { id: string }[], ctx) => {
      ctx.v.assignment = json[0]!.id;
    },
  },
  {
    call: 'POST /api/resources',
    as: 'prof',
    request: (ctx) => ({
      path: '/api/resources',
      body: {
        assignment_id: ctx.v.assignment,
        resource_type: 'file',
        title: 'Exercices',
        file_name: 'exercices.pdf',
        mime_type: 'application/pdf',
        file_content: btoa('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
      },
    }),
    answer: (json: { resource: { id: string } }, ctx) => {
      ctx.v.resource = json.resource.id;
    },
  },
  {
    call: 'POST /api/resources',
    as: 'prof',
    request: (ctx) => ({
      path: '/api/resources',
      body: {
        assignment_id: ctx.v.assignment,
        resource_type: 'link',
        title: 'Cours en ligne',
        url: 'https://example.ht/cours',
      },
    }),
  },
  { call: 'GET /api/resources/{id}', as: 'prof', request: (ctx) => ({ path: `/api/resources/${ctx.v.resource}` }) },
  {
    call: 'GET /api/admin/resources',
    as: 'admin',
    request: (ctx) => ({ path: '/api/admin/resources', query: { yearId: ctx.yearId } }),
  },
  // 'same shape' (on edit the file may be left out: it stays).
  {
    call: 'PUT /api/resources/{id}',
    as: 'prof',
    request: (ctx) => ({
      path: `/api/resources/${ctx.v.resource}`,
      body: {
        assignment_id: ctx.v.assignment,
        resource_type: 'file',
        title: 'Exercices corrigés',
        file_name: 'exercices.pdf',
        mime_type: 'application/pdf',
      },
    }),
  },
  { call: 'DELETE /api/resources/{id}', as: 'prof', request: (ctx) => ({ path: `/api/resources/${ctx.v.resource}` }) },
  {
    call: 'POST /api/promotions?preview=true',
    as: 'admin',
    request: (ctx) => ({
      path: '/api/promotions',
      query: { preview: 'true' },
      body: { sourceYearId: ctx.yearId, promotionMap: {} },
    }),
    answer: (json: PromotionPreview) => {
      for (const k of json.classes) keys('admitted', 'failed', 'target', 'ungraded')(k);
    },
  },
  {
    call: 'POST /api/promotions',
    as: 'admin',
    request: (ctx) => ({ path: '/api/promotions', body: { sourceYearId: ctx.yearId, promotionMap: {} } }),
    answer: keys('message'),
  },
];

/** The id of the first grade of the book the grade steps write in. */
async function gradeId(ctx: Ctx): Promise<string> {
  const res = await ctx.school.fetch(
    `/api/teacher/subject-details?yearId=${ctx.yearId}&className=${e('7e AF')}&subjectId=${ctx.v.maths}&periodId=${ctx.v.t1}`,
    { headers: { Authorization: `Bearer ${ctx.tokens.prof}` } },
  );
  const book = await bodyOf<{ gradesByEnrollment: Record<string, { id: string }[]> }>(res);
  return Object.values(book.gradesByEnrollment).flat()[0]!.id;
}

// ------------------------------------------------------------------------------ The walk

/** The spec's key of a step: 'POST /api/promotions?preview=true' is its own row. */
const callOf = (key: string) =>
  CALLS.filter((c) => (c.query.includes('preview') ? `${c.key}?preview=true` : c.key) === key);

describe("the spec's API tables", () => {
  it('parses both tables: every row gives its calls', () => {
    expect(DOCUMENT_1.trim().split('\n')).toHaveLength(43);
    expect(DOCUMENT_2.trim().split('\n')).toHaveLength(45);
    expect(CALLS.map((c) => c.key)).toContain('GET /api/teachers');
    const login = CALLS.find((c) => c.key === 'POST /api/login')!;
    expect(login.body).toEqual([{ names: new Set(['username', 'password']), optional: new Set() }]);
    const announcements = CALLS.filter((c) => c.path === '/api/admin/teacher-announcements');
    expect(announcements.map((c) => [c.method, c.body === null ? null : [...(c.body as Fields[])[0]!.names]])).toEqual([
      ['GET', null],
      ['POST', ['content', 'teacher_ids']],
      ['DELETE', ['announcementIds']],
    ]);
    const student = CALLS.find((c) => c.key === 'PUT /api/students/{id}')!.body as Fields[];
    expect([...student[0]!.names]).toEqual(expect.arrayContaining(['nom', 'enrollment', 'mppa', 'enrollmentId']));
    expect(CALLS.find((c) => c.key === 'GET /api/enrollments/all')!.query).toEqual([
      'page',
      'limit',
      'selectedClasses',
      'balanceFilter',
      'mppaFilter',
      'searchTerm',
      'yearId',
    ]);
  });

  it('has a step for every call, in the shape the table gives, except those listed apart', () => {
    const stepped = new Set(STEPS.map((s) => s.call));
    const missing = CALLS.map((c) => (c.query.includes('preview') ? `${c.key}?preview=true` : c.key)).filter(
      (key) => !stepped.has(key) && !STATIC_FILES.has(key),
    );
    expect(missing).toEqual([]);
    for (const step of STEPS) expect(callOf(step.call), step.call).not.toHaveLength(0);
    // Every row whose answer names what the page reads has a step that checks it.
    const checked = new Set(STEPS.filter((s) => s.answer).map((s) => s.call));
    const unchecked = CALLS.filter((c) => c.method !== 'DELETE' || c.answer)
      .filter((c) => namesKeys(c.answer))
      .map((c) => (c.query.includes('preview') ? `${c.key}?preview=true` : c.key))
      .filter((key) => !checked.has(key));
    expect(unchecked).toEqual([]);
  });

  it('has the role guides the document names', () => {
    const guides = Object.keys(GUIDES).map((p) => p.split('/').pop());
    expect(guides).toEqual(expect.arrayContaining(['standard.md', 'admin.md', 'teacher.md', 'student.md']));
    for (const text of Object.values(GUIDES)) expect(String(text).length).toBeGreaterThan(100);
  });

  it('answers every call of both tables made as written (one school, in order)', async () => {
    const school = await createSchool({
      users: [
        { username: 'admin', type: 'admin' },
        { username: 'secretaire', type: 'standard', templates: ['secretary'] },
        { username: 'prof', type: 'teacher' },
        { username: 'eleve', type: 'student' },
        {
          username: 'nouveau',
          type: 'standard',
          templates: ['secretary'],
          status: 'temporary_password',
          tempPasswordExpiresAt: inDays(3),
        },
        { username: 'neuf', type: 'student', status: 'temporary_password', tempPasswordExpiresAt: inDays(3) },
      ],
    });
    const superadmin = await createPlatformUser();
    const tokens = {
      admin: await tokenFor(school, 'admin'),
      secretaire: await tokenFor(school, 'secretaire'),
      prof: await tokenFor(school, 'prof'),
      eleve: await tokenFor(school, 'eleve'),
      nouveau: await tokenFor(school, 'nouveau'),
      neuf: await tokenFor(school, 'neuf'),
      superadmin: await tokenFor(school, superadmin.username),
    };
    const ctx: Ctx = {
      school,
      tokens,
      yearId: '',
      nextYearId: '',
      v: { studentA: crypto.randomUUID(), studentB: crypto.randomUUID(), studentC: crypto.randomUUID() },
    };
    const failures: string[] = [];
    for (const [index, step] of STEPS.entries()) {
      // Once the year exists: the next year (for the promotion), the prof's teacher profile with
      // Mathématiques in 7e AF and a lesson on Monday, the student account of Rose.
      if (step.call === 'GET /api/teachers') await teachingFor(ctx);
      if (step.call === 'GET /api/student/access-status') await linkStudentAccount(ctx);
      const request = await step.request(ctx);
      const spec = callOf(step.call);
      const [method] = step.call.split(' ') as [string];
      // The path is the table's, its parameters in place.
      const pattern = new RegExp(`^${spec[0]!.path.replace(/\{[^}]+\}/g, '[^/]+')}$`);
      expect(request.path, step.call).toMatch(pattern);
      // The query is the table's parameters, by name.
      const asked = Object.keys(request.query ?? {}).filter(
        (q) => !(step.call.endsWith('?preview=true') && q === 'preview'),
      );
      const listed = spec[0]!.query.filter((q) => q !== 'preview' && !(step.leaves ?? []).includes(q));
      expect(asked.sort(), `${step.call}: query`).toEqual([...listed].sort());
      // The body holds the fields the table names, and all of them but the optional ones.
      const body = spec.find((c) => c.method === method)!.body;
      if (body === null) expect(request.body, `${step.call}: no body`).toBeUndefined();
      else if (body !== 'any') {
        const sent = Object.keys(request.body ?? {});
        const fits = body.some(
          (f) =>
            sent.every((k) => f.names.has(k)) &&
            [...f.names].every((k) => f.optional.has(k) || sent.includes(k) || optionalHere(step, k)),
        );
        expect(
          fits,
          `${step.call}: body ${sent.join(', ')} against ${JSON.stringify(body.map((f) => [...f.names]))}`,
        ).toBe(true);
      }
      const query = request.query ? `?${new URLSearchParams(request.query)}` : '';
      const res = await school.fetch(`${request.path}${query}`, {
        method,
        headers: {
          ...(step.as ? { Authorization: `Bearer ${tokens[step.as]}` } : {}),
          ...(request.body ? { 'Content-Type': 'application/json' } : {}),
        },
        ...(request.body ? { body: JSON.stringify(request.body) } : {}),
      });
      const text = await res.text();
      if (res.status < 200 || res.status > 299) {
        failures.push(`${index} ${step.call}: ${res.status} ${text}`);
        continue;
      }
      if (step.answer) await step.answer(JSON.parse(text) as never, ctx);
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

/**
 * Fields a step may leave out although its row names them without 'optional': a student made
 * without an enrolment (the row's enrolment is optional), a link resource without the file's
 * fields and a file without a link ('file_content (base64) or url'), an edit that keeps its file.
 */
function optionalHere(step: Step, field: string): boolean {
  if (step.call === 'POST /api/students' || step.call === 'PUT /api/students/{id}') return field === 'enrollment';
  if (step.call === 'POST /api/resources' || step.call === 'PUT /api/resources/{id}')
    return ['file_name', 'mime_type', 'file_content', 'url'].includes(field);
  return false;
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** The prof's teacher profile, Mathématiques of 7e AF given to them with a Monday lesson, and next year. */
async function teachingFor(ctx: Ctx) {
  const { school } = ctx;
  const teacherId = crypto.randomUUID();
  await sql(
    school,
    'INSERT INTO teachers (id, instance_id, user_id, prenom, nom) VALUES (?, ?, ?, ?, ?)',
    teacherId,
    school.id,
    school.userIdByName.get('prof'),
    'Jean-Robert',
    'Baptiste',
  ).run();
  ctx.v.teacher = teacherId;
  const admin = { Authorization: `Bearer ${ctx.tokens.admin}`, 'Content-Type': 'application/json' };
  const assigned = await school.fetch('/api/assignments', {
    method: 'POST',
    headers: admin,
    body: JSON.stringify({ yearId: ctx.yearId, teacher_id: teacherId, className: '7e AF', subject_id: ctx.v.maths }),
  });
  expect(assigned.status).toBe(201);
  const { assignment } = await bodyOf<{ assignment: { id: string } }>(assigned);
  const lesson = await school.fetch('/api/timetable', {
    method: 'POST',
    headers: admin,
    body: JSON.stringify({
      assignment_id: assignment.id,
      day_of_week: 1,
      start_time: '08:00',
      end_time: '09:00',
      location_name: null,
    }),
  });
  expect(lesson.status).toBe(201);
  const next = await createYear(
    school.id,
    {
      name: '2026-2027',
      current: false,
      classes: [
        ['7e AF', 26_000],
        ['8e AF', 31_000],
      ],
    },
    await classIds(ctx),
  );
  ctx.nextYearId = next.yearId;
}

async function classIds(ctx: Ctx) {
  const rows = await sql(ctx.school, 'SELECT id, name FROM classes WHERE instance_id = ?', ctx.school.id).all<{
    id: string;
    name: string;
  }>();
  return new Map(rows.results.map((r) => [r.name, r.id]));
}

/** The 'eleve' account is Rose's. */
async function linkStudentAccount(ctx: Ctx) {
  await sql(
    ctx.school,
    "UPDATE users SET student_id = ? WHERE instance_id = ? AND username = 'eleve'",
    ctx.v.studentA,
    ctx.school.id,
  ).run();
}
