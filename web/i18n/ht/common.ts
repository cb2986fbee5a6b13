// Kreyòl: the texts several screens share (../common.ts).
import type { KreyolTexts } from '../kreyol';

export const commonText: KreyolTexts['common'] = {
  refresh: 'Rafrechi',
  close: 'Fèmen',
  cancel: 'Anile',
  announcement: 'Anons',
  closeAnnouncement: 'Fèmen anons lan',
  loading: 'Ap chaje...',
  unexpected: 'Gen yon erè ki rive.',
  noPupilSelected: 'Tanpri, chwazi omwen yon elèv.',
  saving: 'Ap anrejistre...',
  pager: {
    previous: 'Anvan',
    next: 'Apre',
    page: (page: number, total: number) => `Paj ${page} sou ${total}`,
  },
  copyright: (year: number, name: string) => `© ${year} ${name}. Tout dwa rezève.`,
  productName: 'Pòtay Lekòl',
};
