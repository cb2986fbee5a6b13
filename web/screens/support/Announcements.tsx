// Announcements to teachers and to students (document 1 §2 'Communications').
export function TeacherAnnouncements() {
  return null;
}
export function StudentAnnouncements() {
  return null;
}
