// Kreyòl: what the API answers about the student portal's own reads (../student.ts).
import type { studentServerText as french } from '../student';
import type { Texts } from '../shape';

export const studentServerText: Texts<typeof french> = {
  studentRequired: 'Chwazi elèv ou vle wè pòtay li a.',
  studentNotFound: 'Nou pa jwenn elèv la.',
  noAccountLink: 'Kont sa a pa mare ak okenn elèv. Tanpri, pale ak administrasyon an.',
  notEnrolled: 'Ou pa enskri nan okenn klas ane sa a.',
  gradesLocked: 'Pou kounye a, paj sa a fèmen. Tanpri, pale ak administrasyon an.',
  periodNotFound: 'Nou pa jwenn peryòd la.',
};
