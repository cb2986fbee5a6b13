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
import type { instanceApi } from '../../worker/contract/instance';
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
import { route } from './route';

export const endpoints = {
  periods: {
    list: route<typeof periodsApi.list>('get', '/academic-periods'),
    create: route<typeof periodsApi.create>('post', '/academic-periods'),
    update: route<typeof periodsApi.update>('put', '/academic-periods/:id'),
    remove: route<typeof periodsApi.remove>('delete', '/academic-periods/:id'),
  },
  announcements: {
    latest: route<typeof announcementsApi.latest>('get', '/admin/announcements'),
  },
  attendance: {
    daily: route<typeof attendanceApi.daily>('get', '/daily-attendance-report'),
    override: route<typeof attendanceApi.override>('post', '/daily-attendance-override'),
    detailed: route<typeof attendanceApi.detailed>('get', '/attendance-report'),
  },
  audit: {
    school: route<typeof auditApi.school>('get', '/admin/audit-logs'),
    platform: route<typeof auditApi.platform>('get', '/superadmin/audit-logs'),
    deleteByDate: route<typeof auditApi.deleteByDate>('delete', '/superadmin/audit-logs/delete-by-date'),
    deleteBulk: route<typeof auditApi.deleteBulk>('delete', '/superadmin/audit-logs/delete-bulk'),
  },
  auth: {
    login: route<typeof authApi.login>('post', '/login'),
    forcedChange: route<typeof authApi.forcedChange>('put', '/user/force-change-password'),
    studentForcedChange: route<typeof authApi.studentForcedChange>('put', '/student/force-change-password'),
    refresh: route<typeof authApi.refresh>('post', '/auth/refresh'),
    logout: route<typeof authApi.logout>('post', '/auth/logout'),
    changePassword: route<typeof authApi.changePassword>('put', '/user/change-password'),
  },
  backup: {
    schoolBackup: route<typeof backupApi.schoolBackup>('post', '/admin/backup'),
    platformBackup: route<typeof backupApi.platformBackup>('post', '/superadmin/schools/:id/backup'),
    restoreStart: route<typeof backupApi.restoreStart>('post', '/superadmin/schools/:id/restore/start'),
    restoreEntry: route<typeof backupApi.restoreEntry>('post', '/superadmin/schools/:id/restore/entry'),
    restoreFinish: route<typeof backupApi.restoreFinish>('post', '/superadmin/schools/:id/restore/finish'),
  },
  bootstrap: {
    read: route<typeof bootstrapApi.read>('get', '/bootstrap'),
  },
  classFinancials: {
    list: route<typeof classFinancialsApi.list>('get', '/class-financials'),
    save: route<typeof classFinancialsApi.save>('put', '/class-financials'),
  },
  classes: {
    list: route<typeof classesApi.list>('get', '/classes'),
    create: route<typeof classesApi.create>('post', '/classes'),
    update: route<typeof classesApi.update>('put', '/classes/:id'),
    remove: route<typeof classesApi.remove>('delete', '/classes/:id'),
  },
  communications: {
    teacherList: route<typeof communicationsApi.teacherList>('get', '/admin/teacher-announcements'),
    teacherCreate: route<typeof communicationsApi.teacherCreate>('post', '/admin/teacher-announcements'),
    teacherRemove: route<typeof communicationsApi.teacherRemove>('delete', '/admin/teacher-announcements'),
    studentList: route<typeof communicationsApi.studentList>('get', '/admin/student-announcements'),
    studentCreate: route<typeof communicationsApi.studentCreate>('post', '/admin/student-announcements'),
    studentRemove: route<typeof communicationsApi.studentRemove>('delete', '/admin/student-announcements'),
    studentOwn: route<typeof communicationsApi.studentOwn>('get', '/student/announcements'),
  },
  curriculum: {
    get: route<typeof curriculumApi.get>('get', '/curriculum'),
    assign: route<typeof curriculumApi.assign>('post', '/curriculum/assign'),
    unassign: route<typeof curriculumApi.unassign>('post', '/curriculum/unassign'),
    setMaxGrade: route<typeof curriculumApi.setMaxGrade>('put', '/curriculum/max-grade/:id'),
  },
  dashboard: {
    summary: route<typeof dashboardApi.summary>('get', '/dashboard/summary'),
  },
  enrollments: {
    enrol: route<typeof enrollmentsApi.enrol>('post', '/enrollments'),
    enrolMany: route<typeof enrollmentsApi.enrolMany>('post', '/enrollments/bulk'),
    changeClass: route<typeof enrollmentsApi.changeClass>('post', '/enrollments/bulk-change-class'),
  },
  exports: {
    periodPayments: route<typeof exportsApi.periodPayments>('get', '/payments'),
  },
  finance: {
    roster: route<typeof financeApi.roster>('get', '/enrollments'),
    saveSheet: route<typeof financeApi.saveSheet>('put', '/enrollments/:id/payments'),
    addPayment: route<typeof financeApi.addPayment>('post', '/enrollments/:id/payments'),
    gradesAccess: route<typeof financeApi.gradesAccess>('put', '/enrollments/:id/toggle-grades-access'),
    classGradesAccess: route<typeof financeApi.classGradesAccess>('put', '/classes/:className/toggle-grades-access'),
    report: route<typeof financeApi.report>('get', '/enrollments/all'),
  },
  grades: {
    book: route<typeof gradesApi.book>('get', '/teacher/subject-details'),
    save: route<typeof gradesApi.save>('post', '/grades'),
    saveScores: route<typeof gradesApi.saveScores>('post', '/grades/batch'),
    updateGrade: route<typeof gradesApi.updateGrade>('put', '/grades/:id'),
    removeGrade: route<typeof gradesApi.removeGrade>('delete', '/grades/:id'),
    updateEvaluation: route<typeof gradesApi.updateEvaluation>('put', '/evaluations/:id'),
    removeEvaluation: route<typeof gradesApi.removeEvaluation>('delete', '/evaluations/:id'),
    appreciation: route<typeof gradesApi.appreciation>('post', '/appreciations'),
    generalAppreciation: route<typeof gradesApi.generalAppreciation>('post', '/general-appreciations'),
    bulk: route<typeof gradesApi.bulk>('get', '/bulk-report-data'),
  },
  instance: {
    publicInfo: route<typeof instanceApi.publicInfo>('get', '/instance/default'),
    current: route<typeof instanceApi.current>('get', '/instance/current'),
    logo: route<typeof instanceApi.logo>('get', '/instance/logo/:version'),
    update: route<typeof instanceApi.update>('put', '/instance/current'),
  },
  platform: {
    maintenance: route<typeof platformApi.maintenance>('get', '/maintenance'),
    setMaintenance: route<typeof platformApi.setMaintenance>('put', '/superadmin/maintenance'),
  },
  promotion: {
    run: route<typeof promotionApi.run>('post', '/promotions'),
    latest: route<typeof promotionApi.latest>('get', '/promotions/latest'),
    undo: route<typeof promotionApi.undo>('delete', '/promotions/latest'),
  },
  reads: {
    batch: route<typeof readsApi.batch>('post', '/reads'),
  },
  resources: {
    adminList: route<typeof resourcesApi.adminList>('get', '/admin/resources'),
    teacherList: route<typeof resourcesApi.teacherList>('get', '/teacher/resources'),
    studentList: route<typeof resourcesApi.studentList>('get', '/student/resources'),
    one: route<typeof resourcesApi.one>('get', '/resources/:id'),
    file: route<typeof resourcesApi.file>('get', '/resources/:id/file'),
    create: route<typeof resourcesApi.create>('post', '/resources'),
    update: route<typeof resourcesApi.update>('put', '/resources/:id'),
    remove: route<typeof resourcesApi.remove>('delete', '/resources/:id'),
  },
  roles: {
    permissions: route<typeof rolesApi.permissions>('get', '/permissions'),
    list: route<typeof rolesApi.list>('get', '/roles'),
    create: route<typeof rolesApi.create>('post', '/roles'),
    update: route<typeof rolesApi.update>('put', '/roles/:id'),
    remove: route<typeof rolesApi.remove>('delete', '/roles/:id'),
  },
  schoolYears: {
    list: route<typeof schoolYearsApi.list>('get', '/school-years'),
    create: route<typeof schoolYearsApi.create>('post', '/school-years'),
    setCurrent: route<typeof schoolYearsApi.setCurrent>('put', '/school-years/:id/set-current'),
    remove: route<typeof schoolYearsApi.remove>('delete', '/school-years/:id'),
  },
  setup: {
    newYear: route<typeof setupApi.newYear>('post', '/setup/new-year'),
  },
  studentAccounts: {
    list: route<typeof studentAccountsApi.list>('get', '/student-accounts'),
    create: route<typeof studentAccountsApi.create>('post', '/student-accounts'),
    reset: route<typeof studentAccountsApi.reset>('put', '/student-accounts/:id/reset'),
    disable: route<typeof studentAccountsApi.disable>('put', '/student-accounts/:id/disable'),
  },
  import: {
    check: route<typeof importApi.check>('post', '/students/import/check'),
    write: route<typeof importApi.write>('post', '/students/import'),
  },
  studentPortal: {
    accessStatus: route<typeof studentPortalApi.accessStatus>('get', '/student/access-status'),
    me: route<typeof studentPortalApi.me>('get', '/student/me'),
    timetable: route<typeof studentPortalApi.timetable>('get', '/student/timetable'),
    grades: route<typeof studentPortalApi.grades>('get', '/student/grades'),
    finance: route<typeof studentPortalApi.finance>('get', '/student/finance'),
  },
  students: {
    list: route<typeof studentsApi.list>('get', '/students-with-enrollment-status'),
    formData: route<typeof studentsApi.formData>('get', '/students/form-data'),
    photo: route<typeof studentsApi.photo>('get', '/students/:id/photo/:version'),
    create: route<typeof studentsApi.create>('post', '/students'),
    update: route<typeof studentsApi.update>('put', '/students/:id'),
    remove: route<typeof studentsApi.remove>('post', '/students/delete'),
    setStatus: route<typeof studentsApi.setStatus>('post', '/students/status'),
  },
  subjects: {
    list: route<typeof subjectsApi.list>('get', '/subjects'),
    create: route<typeof subjectsApi.create>('post', '/subjects'),
    update: route<typeof subjectsApi.update>('put', '/subjects/:id'),
    remove: route<typeof subjectsApi.remove>('delete', '/subjects/:id'),
  },
  superadmin: {
    schools: route<typeof superadminApi.schools>('get', '/superadmin/schools'),
    createSchool: route<typeof superadminApi.createSchool>('post', '/superadmin/schools'),
    updateSchool: route<typeof superadminApi.updateSchool>('put', '/superadmin/schools/:id'),
    setExpiry: route<typeof superadminApi.setExpiry>('put', '/superadmin/schools/:id/expiry'),
    extendExpiry: route<typeof superadminApi.extendExpiry>('post', '/superadmin/schools/:id/extend'),
    setStatus: route<typeof superadminApi.setStatus>('put', '/superadmin/schools/:id/status'),
    delegates: route<typeof superadminApi.delegates>('get', '/superadmin/delegates'),
    createDelegate: route<typeof superadminApi.createDelegate>('post', '/superadmin/delegates'),
    deleteDelegate: route<typeof superadminApi.deleteDelegate>('delete', '/superadmin/delegates/:id'),
    announcements: route<typeof superadminApi.announcements>('get', '/superadmin/announcements'),
    announce: route<typeof superadminApi.announce>('post', '/superadmin/announcements'),
    deleteAnnouncement: route<typeof superadminApi.deleteAnnouncement>('delete', '/superadmin/announcements/:id'),
  },
  support: {
    teacherMessages: route<typeof supportApi.teacherMessages>('get', '/teacher/support-messages'),
    teacherSend: route<typeof supportApi.teacherSend>('post', '/teacher/support-messages'),
    conversations: route<typeof supportApi.conversations>('get', '/admin/teacher-support/conversations'),
    unread: route<typeof supportApi.unread>('get', '/admin/teacher-support/unread'),
    messages: route<typeof supportApi.messages>('get', '/admin/teacher-support/messages/:teacherId'),
    adminSend: route<typeof supportApi.adminSend>('post', '/admin/teacher-support/messages/:teacherId'),
    markRead: route<typeof supportApi.markRead>('put', '/admin/teacher-support/messages/:teacherId/read'),
    remove: route<typeof supportApi.remove>('delete', '/admin/teacher-support/messages'),
    socket: route<typeof supportApi.socket>('get', '/support/socket'),
  },
  rollCall: {
    session: route<typeof rollCallApi.session>('get', '/teacher/attendance'),
    save: route<typeof rollCallApi.save>('put', '/teacher/attendance'),
  },
  teacher: {
    dashboard: route<typeof teacherApi.dashboard>('get', '/teacher/dashboard'),
    announcements: route<typeof teacherApi.announcements>('get', '/teacher/announcements'),
    timetable: route<typeof teacherApi.timetable>('get', '/teacher/timetable'),
  },
  teachers: {
    list: route<typeof teachersApi.list>('get', '/teachers'),
    fullAssignments: route<typeof teachersApi.fullAssignments>('get', '/full-assignments'),
    programme: route<typeof teachersApi.programme>('get', '/teachers/courses'),
    create: route<typeof teachersApi.create>('post', '/teachers'),
    update: route<typeof teachersApi.update>('put', '/teachers/:id'),
    remove: route<typeof teachersApi.remove>('delete', '/teachers/:id'),
    createAccount: route<typeof teachersApi.createAccount>('post', '/teachers/:id/account'),
    resetPassword: route<typeof teachersApi.resetPassword>('put', '/teachers/:id/reset-password'),
    assign: route<typeof teachersApi.assign>('post', '/assignments'),
    handOver: route<typeof teachersApi.handOver>('put', '/assignments/:id'),
    unassign: route<typeof teachersApi.unassign>('delete', '/assignments/:id'),
  },
  timetable: {
    week: route<typeof timetableApi.week>('get', '/timetable'),
    create: route<typeof timetableApi.create>('post', '/timetable'),
    update: route<typeof timetableApi.update>('put', '/timetable/:id'),
    remove: route<typeof timetableApi.remove>('delete', '/timetable/:id'),
  },
  users: {
    list: route<typeof usersApi.list>('get', '/users'),
    register: route<typeof usersApi.register>('post', '/register'),
    remove: route<typeof usersApi.remove>('delete', '/delete-user/:id'),
    resetPassword: route<typeof usersApi.resetPassword>('put', '/users/:id/reset-password'),
    setRoles: route<typeof usersApi.setRoles>('put', '/users/:id/roles'),
  },
};
