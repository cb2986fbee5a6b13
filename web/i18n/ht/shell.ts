// Kreyòl: the app shell as a pupil and the sign-in page meet it: the menu, the connectivity, the
// session, the refusals, maintenance and the errors (../shell.ts).
import type { KreyolTexts } from '../kreyol';

const locked = 'Pou kounye a, paj sa a fèmen. Tanpri, pale ak administrasyon an.';

export const shellText: KreyolTexts['shell'] = {
  nav: {
    logout: 'Dekonekte',
    openMenu: 'Louvri meni an',
    closeMenu: 'Fèmen meni an',
    mainMenu: 'Meni prensipal',
  },
  student: {
    dashboard: 'Akèy',
    timetable: 'Orè',
    grades: 'Nòt',
    resources: 'Resous',
    finance: 'Finans',
    security: 'Sekirite',
    docs: 'Dokimantasyon',
    gradesLocked: locked,
  },
  status: {
    online: 'Sou entènèt',
    offline: 'San entènèt',
    backOnline: 'Ou sou entènèt ankò.',
    nowOffline: 'Ou pa sou entènèt kounye a.',
  },
  session: {
    expired: 'Sesyon ou an fini. Tanpri, konekte ankò.',
    inactivityTitle: 'Sesyon an pral fini',
    inactivityBody: 'Sa fè yon ti tan ou pa touche anyen. W ap dekonekte nan',
    stay: 'Rete konekte',
    logout: 'Dekonekte',
    loggedOutInactive: 'Ou dekonekte paske ou te rete twò lontan san touche anyen.',
  },
  refused: {
    workspace: 'Yon kont elèv pa ka louvri paj sa a.',
    staff: 'Paj sa a se pou anplwaye lekòl la sèlman.',
    admin: 'Paj sa a se pou administrasyon lekòl la sèlman.',
    teacher: 'Paj sa a se pou pwofesè yo sèlman.',
    student: 'Paj sa a se pou elèv yo sèlman.',
    superadmin: 'Paj sa a se pou ekip platfòm nan sèlman.',
    guardian: 'Paj sa a se pou paran yo sèlman.',
    permission: (label: string) => `Kont ou a pa gen dwa louvri paj sa a (« ${label} »).`,
  },
  maintenance: {
    title: 'Antretyen',
    fallback: 'Platfòm nan an antretyen. Tanpri, eseye ankò pita.',
    lockdown: 'Pou kounye a, pèsonn pa ka antre.',
    switchUser: 'Chanje itilizatè',
    retry: 'Eseye ankò',
  },
  errors: {
    server: (status: number) => `Erè sèvè a (${status})`,
    unexpected: 'Gen yon erè ki rive.',
    network: 'Nou pa ka jwenn sèvè a. Verifye koneksyon entènèt ou.',
  },
  offline: {
    writeQueued: 'Ou pa sou entènèt. Chanjman ou a anrejistre ; l ap pati lè entènèt la tounen.',
  },
  toast: {
    dismiss: 'Fèmen mesaj la',
    region: 'Mesaj',
  },
  screens: {
    security: 'Sekirite',
  },
};
