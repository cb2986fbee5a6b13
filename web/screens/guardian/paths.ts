// The guardian's addresses (issue 43): a child's page and its parts, named by school and pupil.
export const childPath = (schoolId: string, studentId: string, part: '' | 'grades' | 'timetable' = '') =>
  `/guardian/child/${encodeURIComponent(schoolId)}/${encodeURIComponent(studentId)}${part ? `/${part}` : ''}`;
