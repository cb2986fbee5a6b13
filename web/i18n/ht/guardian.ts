// Kreyòl: the guardian's side (../guardian.ts).
import type { guardianText as french } from '../guardian';
import type { Texts } from '../../../worker/contract/texts/shape';

export const guardianText: Texts<typeof french> = {
  title: 'Pitit mwen',
  intro: 'Pitit ou nan chak lekòl, sou telefòn sa a.',
  none: 'Pa gen okenn pitit ki mare ak kont ou. Mande lekòl pitit ou a.',
  noClass: 'Li pa enskri ane sa a',
  back: 'Pitit mwen',
  finance: 'Frè lekòl',
  balance: 'Balans',
  paid: 'Sa ki deja peye',
  total: 'Total pou ane a',
  instalments: 'Dat pou peye',
  noInstalment: 'Pa gen anyen pou peye pou kounye a.',
  due: (date: string, left: string) => `${date} : ${left} pou peye`,
  payments: 'Vèsman',
  noPayment: 'Pa gen okenn vèsman pou kounye a.',
  receipt: (n: number) => `Resi nimewo ${n}`,
  reprint: 'Enprime resi a ankò',
  days: 'Absans ak reta',
  noDays: 'Pa gen okenn absans ni reta nan 31 dènye jou yo.',
  status: { absent: 'Absan', late: 'an reta', justified: 'Absans ki jistifye' },
  grades: 'Nòt ak kanè',
  gradesLocked: 'Lekòl la poko louvri nòt elèv sa a.',
  seeGrades: 'Gade nòt yo',
  timetable: 'Orè',
  seeTimetable: 'Gade orè a',
  announcements: 'Anons lekòl la',
  noAnnouncement: 'Pa gen okenn anons.',
  average: 'Mwayèn',
  rank: 'Plas',
  period: 'Peryòd',
  subject: 'Matyè',
  grade: 'Nòt',
  noGrades: 'Pa gen okenn nòt pou peryòd sa a.',
  language: 'Lang',
  notFound: 'Nou pa jwenn pitit la.',
  alerts: {
    title: 'Alèt',
    intro: 'Yon notifikasyon lè gen nouvèl, janm ant 9 è diswa ak 6 è dimaten.',
    kinds: {
      absence: 'Absans oswa reta',
      payment: 'Vèsman anrejistre',
      instalment: 'Dat pou peye nan 3 jou',
      report_card: 'Kanè pibliye',
      announcement: 'Anons lekòl la',
    },
    subscribe: 'Resevwa alèt yo sou telefòn sa a',
    unsubscribe: 'Pa resevwa yo sou telefòn sa a ankò',
    on: 'Telefòn sa a ap resevwa alèt yo.',
    phones: (n: number) =>
      n === 0
        ? 'Okenn telefòn pa resevwa alèt ou yo.'
        : n === 1
          ? 'Yon telefòn ap resevwa alèt ou yo.'
          : `${n} telefòn ap resevwa alèt ou yo.`,
    unsupported: 'Navigatè sa a pa ka resevwa notifikasyon.',
    denied: 'Notifikasyon yo bloke pou sit sa a : otorize yo nan reglaj navigatè a.',
    unavailable: 'Alèt yo poko louvri sou pòtay la.',
    online: 'Konekte ak Entènèt pou chanje alèt ou yo.',
  },
};
