// GENERATED from worker/contract/ by `npm run openapi` (worker/lib/web-endpoints.ts); do not edit.
// Every endpoint of the API, typed by its contract: screens call `endpoints.<area>.<name>`.
import type { periodsApi } from '../../worker/contract/academic-periods';
import type { announcementsApi } from '../../worker/contract/announcements';
import type { attendanceApi } from '../../worker/contract/attendance';
import type { auditApi } from '../../worker/contract/audit';
import type { authApi } from '../../worker/contract/auth';
import type { backupApi } from '../../worker/contract/backup';
import type { bootstrapApi } from '../../worker/contract/bootstrap';
import type { classFinancialsApi } from '../../worker/contract/class-financials';
import type { classesApi } from '../../worker/contract/classes';
import type { communicationsApi } from '../../worker/contract/communications';
import type { curriculumApi } from '../../worker/contract/curriculum';
import type { dashboardApi } from '../../worker/contract/dashboard';
import type { enrollmentsApi } from '../../worker/contract/enrollments';
import type { exportsApi } from '../../worker/contract/exports';
import type { financeApi } from '../../worker/contract/finance';
import type { gradesApi } from '../../worker/contract/grades';
import type { guardiansApi } from '../../worker/contract/guardians';
import type { instanceApi } from '../../worker/contract/instance';
import type { languageApi } from '../../worker/contract/language';
import type { platformApi } from '../../worker/contract/platform';
import type { promotionApi } from '../../worker/contract/promotion';
import type { readsApi } from '../../worker/contract/reads';
import type { resourcesApi } from '../../worker/contract/resources';
import type { rolesApi } from '../../worker/contract/roles';
import type { schoolYearsApi } from '../../worker/contract/school-years';
import type { setupApi } from '../../worker/contract/setup';
import type { studentAccountsApi } from '../../worker/contract/student-accounts';
import type { importApi } from '../../worker/contract/student-import';
import type { studentPortalApi } from '../../worker/contract/student-portal';
import type { studentsApi } from '../../worker/contract/students';
import type { subjectsApi } from '../../worker/contract/subjects';
import type { superadminApi } from '../../worker/contract/superadmin';
import type { supportApi } from '../../worker/contract/support';
import type { rollCallApi } from '../../worker/contract/teacher';
import type { teacherApi } from '../../worker/contract/teacher';
import type { teachersApi } from '../../worker/contract/teachers';
import type { timetableApi } from '../../worker/contract/timetable';
import type { usersApi } from '../../worker/contract/users';
import { routes } from './route';

export const endpoints = {
  periods: /* @__PURE__ */ routes<typeof periodsApi>({
    list: ['get', '/academic-periods'],
    create: ['post', '/academic-periods'],
    update: ['put', '/academic-periods/:id'],
    remove: ['delete', '/academic-periods/:id'],
  }),
  announcements: /* @__PURE__ */ routes<typeof announcementsApi>({
    latest: ['get', '/admin/announcements'],
  }),
  attendance: /* @__PURE__ */ routes<typeof attendanceApi>({
    daily: ['get', '/daily-attendance-report'],
    override: ['post', '/daily-attendance-override'],
    detailed: ['get', '/attendance-report'],
  }),
  audit: /* @__PURE__ */ routes<typeof auditApi>({
    school: ['get', '/admin/audit-logs'],
    platform: ['get', '/superadmin/audit-logs'],
    schoolArchives: ['get', '/admin/audit-logs/archives'],
    platformArchives: ['get', '/superadmin/audit-logs/archives'],
    deleteByDate: ['delete', '/superadmin/audit-logs/delete-by-date'],
    deleteBulk: ['delete', '/superadmin/audit-logs/delete-bulk'],
  }),
  auth: /* @__PURE__ */ routes<typeof authApi>({
    login: ['post', '/login', 'never'],
    forcedChange: ['put', '/user/force-change-password', 'never'],
    studentForcedChange: ['put', '/student/force-change-password', 'never'],
    refresh: ['post', '/auth/refresh', 'never'],
    logout: ['post', '/auth/logout', 'never'],
    sessions: ['get', '/auth/sessions'],
    endSession: ['delete', '/auth/sessions/:id', 'never'],
    endAllSessions: ['delete', '/auth/sessions', 'never'],
    changePassword: ['put', '/user/change-password', 'never'],
  }),
  backup: /* @__PURE__ */ routes<typeof backupApi>({
    schoolBackup: ['post', '/admin/backup', 'never'],
    platformBackup: ['post', '/superadmin/schools/:id/backup', 'never'],
    restoreStart: ['post', '/superadmin/schools/:id/restore/start', 'never'],
    restoreEntry: ['post', '/superadmin/schools/:id/restore/entry', 'never'],
    restoreFinish: ['post', '/superadmin/schools/:id/restore/finish', 'never'],
  }),
  bootstrap: /* @__PURE__ */ routes<typeof bootstrapApi>({
    read: ['get', '/bootstrap'],
  }),
  classFinancials: /* @__PURE__ */ routes<typeof classFinancialsApi>({
    list: ['get', '/class-financials'],
    save: ['put', '/class-financials'],
  }),
  classes: /* @__PURE__ */ routes<typeof classesApi>({
    list: ['get', '/classes'],
    create: ['post', '/classes'],
    update: ['put', '/classes/:id'],
    remove: ['delete', '/classes/:id'],
  }),
  communications: /* @__PURE__ */ routes<typeof communicationsApi>({
    teacherList: ['get', '/admin/teacher-announcements'],
    teacherCreate: ['post', '/admin/teacher-announcements'],
    teacherRemove: ['delete', '/admin/teacher-announcements'],
    studentList: ['get', '/admin/student-announcements'],
    studentCreate: ['post', '/admin/student-announcements'],
    studentRemove: ['delete', '/admin/student-announcements'],
    studentOwn: ['get', '/student/announcements'],
  }),
  curriculum: /* @__PURE__ */ routes<typeof curriculumApi>({
    get: ['get', '/curriculum'],
    assign: ['post', '/curriculum/assign'],
    unassign: ['post', '/curriculum/unassign'],
    setMaxGrade: ['put', '/curriculum/max-grade/:id'],
  }),
  dashboard: /* @__PURE__ */ routes<typeof dashboardApi>({
    summary: ['get', '/dashboard/summary'],
  }),
  enrollments: /* @__PURE__ */ routes<typeof enrollmentsApi>({
    enrol: ['post', '/enrollments'],
    enrolMany: ['post', '/enrollments/bulk'],
    changeClass: ['post', '/enrollments/bulk-change-class'],
  }),
  exports: /* @__PURE__ */ routes<typeof exportsApi>({
    periodPayments: ['get', '/payments'],
  }),
  finance: /* @__PURE__ */ routes<typeof financeApi>({
    roster: ['get', '/enrollments'],
    saveSheet: ['put', '/enrollments/:id/payments'],
    addPayment: ['post', '/enrollments/:id/payments'],
    gradesAccess: ['put', '/enrollments/:id/toggle-grades-access'],
    classGradesAccess: ['put', '/classes/:className/toggle-grades-access'],
    report: ['get', '/enrollments/all'],
  }),
  grades: /* @__PURE__ */ routes<typeof gradesApi>({
    book: ['get', '/teacher/subject-details'],
    save: ['post', '/grades'],
    saveScores: ['post', '/grades/batch', 'draft'],
    updateGrade: ['put', '/grades/:id'],
    removeGrade: ['delete', '/grades/:id'],
    updateEvaluation: ['put', '/evaluations/:id'],
    removeEvaluation: ['delete', '/evaluations/:id'],
    appreciation: ['post', '/appreciations'],
    generalAppreciation: ['post', '/general-appreciations'],
    bulk: ['get', '/bulk-report-data'],
  }),
  guardians: /* @__PURE__ */ routes<typeof guardiansApi>({
    ofStudent: ['get', '/students/:id/guardians'],
    link: ['post', '/students/:id/guardians', 'never'],
    linkClass: ['post', '/classes/:className/guardians', 'never'],
    newCode: ['put', '/guardian-links/:id/code', 'never'],
    end: ['delete', '/guardian-links/:id'],
    list: ['get', '/guardians'],
    child: ['get', '/guardian/children/:schoolId/:studentId'],
    childGrades: ['get', '/guardian/children/:schoolId/:studentId/grades'],
    childTimetable: ['get', '/guardian/children/:schoolId/:studentId/timetable'],
    alerts: ['get', '/guardian/alerts'],
    chooseAlerts: ['put', '/guardian/alerts', 'never'],
    subscribe: ['post', '/guardian/push-subscriptions', 'never'],
    unsubscribe: ['post', '/guardian/push-subscriptions/remove', 'never'],
    children: ['get', '/guardian/children'],
  }),
  instance: /* @__PURE__ */ routes<typeof instanceApi>({
    publicInfo: ['get', '/instance/default'],
    current: ['get', '/instance/current'],
    logo: ['get', '/instance/logo/:version'],
    update: ['put', '/instance/current'],
  }),
  language: /* @__PURE__ */ routes<typeof languageApi>({
    set: ['put', '/user/language'],
  }),
  platform: /* @__PURE__ */ routes<typeof platformApi>({
    maintenance: ['get', '/maintenance'],
    setMaintenance: ['put', '/superadmin/maintenance'],
  }),
  promotion: /* @__PURE__ */ routes<typeof promotionApi>({
    run: ['post', '/promotions', 'never'],
    latest: ['get', '/promotions/latest'],
    undo: ['delete', '/promotions/latest', 'never'],
  }),
  reads: /* @__PURE__ */ routes<typeof readsApi>({
    batch: ['post', '/reads'],
  }),
  resources: /* @__PURE__ */ routes<typeof resourcesApi>({
    adminList: ['get', '/admin/resources'],
    teacherList: ['get', '/teacher/resources'],
    studentList: ['get', '/student/resources'],
    one: ['get', '/resources/:id'],
    file: ['get', '/resources/:id/file'],
    create: ['post', '/resources'],
    update: ['put', '/resources/:id'],
    remove: ['delete', '/resources/:id'],
  }),
  roles: /* @__PURE__ */ routes<typeof rolesApi>({
    permissions: ['get', '/permissions'],
    list: ['get', '/roles'],
    create: ['post', '/roles'],
    update: ['put', '/roles/:id'],
    remove: ['delete', '/roles/:id'],
  }),
  schoolYears: /* @__PURE__ */ routes<typeof schoolYearsApi>({
    list: ['get', '/school-years'],
    create: ['post', '/school-years'],
    setCurrent: ['put', '/school-years/:id/set-current'],
    remove: ['delete', '/school-years/:id'],
  }),
  setup: /* @__PURE__ */ routes<typeof setupApi>({
    newYear: ['post', '/setup/new-year'],
  }),
  studentAccounts: /* @__PURE__ */ routes<typeof studentAccountsApi>({
    list: ['get', '/student-accounts'],
    create: ['post', '/student-accounts', 'never'],
    reset: ['put', '/student-accounts/:id/reset', 'never'],
    disable: ['put', '/student-accounts/:id/disable'],
  }),
  import: /* @__PURE__ */ routes<typeof importApi>({
    check: ['post', '/students/import/check', 'never'],
    write: ['post', '/students/import', 'never'],
  }),
  studentPortal: /* @__PURE__ */ routes<typeof studentPortalApi>({
    accessStatus: ['get', '/student/access-status'],
    me: ['get', '/student/me'],
    timetable: ['get', '/student/timetable'],
    grades: ['get', '/student/grades'],
    finance: ['get', '/student/finance'],
  }),
  students: /* @__PURE__ */ routes<typeof studentsApi>({
    list: ['get', '/students-with-enrollment-status'],
    formData: ['get', '/students/form-data'],
    photo: ['get', '/students/:id/photo/:version'],
    create: ['post', '/students'],
    update: ['put', '/students/:id'],
    remove: ['post', '/students/delete'],
    setStatus: ['post', '/students/status'],
  }),
  subjects: /* @__PURE__ */ routes<typeof subjectsApi>({
    list: ['get', '/subjects'],
    create: ['post', '/subjects'],
    update: ['put', '/subjects/:id'],
    remove: ['delete', '/subjects/:id'],
  }),
  superadmin: /* @__PURE__ */ routes<typeof superadminApi>({
    schools: ['get', '/superadmin/schools'],
    schoolsPage: ['get', '/superadmin/school-list'],
    createSchool: ['post', '/superadmin/schools'],
    updateSchool: ['put', '/superadmin/schools/:id'],
    setExpiry: ['put', '/superadmin/schools/:id/expiry'],
    extendExpiry: ['post', '/superadmin/schools/:id/extend'],
    setStatus: ['put', '/superadmin/schools/:id/status'],
    deleteSchool: ['delete', '/superadmin/schools/:id'],
    databases: ['get', '/superadmin/databases'],
    rehearseMove: ['post', '/superadmin/schools/:id/move'],
    delegates: ['get', '/superadmin/delegates'],
    createDelegate: ['post', '/superadmin/delegates'],
    deleteDelegate: ['delete', '/superadmin/delegates/:id'],
    announcements: ['get', '/superadmin/announcements'],
    announce: ['post', '/superadmin/announcements'],
    deleteAnnouncement: ['delete', '/superadmin/announcements/:id'],
  }),
  support: /* @__PURE__ */ routes<typeof supportApi>({
    teacherMessages: ['get', '/teacher/support-messages'],
    teacherSend: ['post', '/teacher/support-messages'],
    conversations: ['get', '/admin/teacher-support/conversations'],
    unread: ['get', '/admin/teacher-support/unread'],
    messages: ['get', '/admin/teacher-support/messages/:teacherId'],
    adminSend: ['post', '/admin/teacher-support/messages/:teacherId'],
    markRead: ['put', '/admin/teacher-support/messages/:teacherId/read'],
    remove: ['delete', '/admin/teacher-support/messages'],
    socket: ['get', '/support/socket'],
  }),
  rollCall: /* @__PURE__ */ routes<typeof rollCallApi>({
    session: ['get', '/teacher/attendance'],
    save: ['put', '/teacher/attendance'],
  }),
  teacher: /* @__PURE__ */ routes<typeof teacherApi>({
    dashboard: ['get', '/teacher/dashboard'],
    announcements: ['get', '/teacher/announcements'],
    timetable: ['get', '/teacher/timetable'],
  }),
  teachers: /* @__PURE__ */ routes<typeof teachersApi>({
    list: ['get', '/teachers'],
    fullAssignments: ['get', '/full-assignments'],
    programme: ['get', '/teachers/courses'],
    create: ['post', '/teachers'],
    update: ['put', '/teachers/:id'],
    remove: ['delete', '/teachers/:id'],
    createAccount: ['post', '/teachers/:id/account'],
    resetPassword: ['put', '/teachers/:id/reset-password'],
    assign: ['post', '/assignments'],
    handOver: ['put', '/assignments/:id'],
    unassign: ['delete', '/assignments/:id'],
  }),
  timetable: /* @__PURE__ */ routes<typeof timetableApi>({
    week: ['get', '/timetable'],
    create: ['post', '/timetable'],
    update: ['put', '/timetable/:id'],
    remove: ['delete', '/timetable/:id'],
  }),
  users: /* @__PURE__ */ routes<typeof usersApi>({
    list: ['get', '/users'],
    register: ['post', '/register'],
    remove: ['delete', '/delete-user/:id'],
    resetPassword: ['put', '/users/:id/reset-password'],
    endSessions: ['delete', '/users/:id/sessions'],
    setRoles: ['put', '/users/:id/roles'],
  }),
};

/**
 * The writes never queued offline (decision 351): each endpoint declared `offline: 'never'` or
 * `'draft'` on the contract. The client marks their requests with NOT_QUEUED_HEADER (web/api/client.ts);
 * the service worker queues no request that is marked or that names one of them (web/sw/queueing.ts).
 */
export const notQueued: readonly (readonly ['post' | 'put' | 'delete', `/${string}`])[] = [
  ['delete', '/auth/sessions'],
  ['delete', '/auth/sessions/:id'],
  ['delete', '/promotions/latest'],
  ['post', '/admin/backup'],
  ['post', '/auth/logout'],
  ['post', '/auth/refresh'],
  ['post', '/classes/:className/guardians'],
  ['post', '/grades/batch'],
  ['post', '/guardian/push-subscriptions'],
  ['post', '/guardian/push-subscriptions/remove'],
  ['post', '/login'],
  ['post', '/promotions'],
  ['post', '/student-accounts'],
  ['post', '/students/:id/guardians'],
  ['post', '/students/import'],
  ['post', '/students/import/check'],
  ['post', '/superadmin/schools/:id/backup'],
  ['post', '/superadmin/schools/:id/restore/entry'],
  ['post', '/superadmin/schools/:id/restore/finish'],
  ['post', '/superadmin/schools/:id/restore/start'],
  ['put', '/guardian-links/:id/code'],
  ['put', '/guardian/alerts'],
  ['put', '/student-accounts/:id/reset'],
  ['put', '/student/force-change-password'],
  ['put', '/user/change-password'],
  ['put', '/user/force-change-password'],
];
