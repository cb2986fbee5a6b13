// Kreyòl: the documentation viewer (../docs.ts); the pupil's guide itself is docs/guides/student.ht.md.
import type { KreyolTexts } from '../kreyol';

export const docsText: KreyolTexts['docs'] = {
  title: 'Dokimantasyon',
  back: 'Retounen',
  toc: 'Tab matyè',
  showToc: 'Montre tab matyè a',
  hideToc: 'Kache tab matyè a',
  loading: 'N ap chaje gid la…',
  roleLabel: (role: string) => `Wòl : ${role}`,
  roles: {
    admin: 'Administratè',
    standard: 'Anplwaye',
    teacher: 'Pwofesè',
    student: 'Elèv',
    superadmin: 'Sipèadmin',
    superadmin_delegate: 'Delege sipèadmin',
    guardian: 'Paran',
  },
  standardMissing: 'Nou pa jwenn dokimantasyon anplwaye yo.',
  roleMissing: (role: string) => `Nou pa jwenn dokimantasyon pou wòl ou a (${role}).`,
  standardOnly: 'Gid sa a se pou anplwaye yo.',
};
