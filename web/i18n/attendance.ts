// The teacher's roll call (issue 13; product decision 'Attendance').
import type { AttendanceStatus } from '../../worker/domain/attendance';
import { commonText } from './common';

export const attendanceText = {
  statuses: { present: 'Présent', absent: 'Absent', late: 'En retard', justified: 'Justifié' } satisfies Record<
    AttendanceStatus,
    string
  >,
  short: { present: 'P', absent: 'A', late: 'R', justified: 'J' } satisfies Record<AttendanceStatus, string>,
  title: (subject: string, className: string) => `Appel : ${subject} · ${className}`,
  when: (day: string, date: string, start: string, end: string) => `${day} ${date} · ${start} - ${end}`,
  notYet: (day: string, date: string) =>
    `Ce cours n'a pas encore eu lieu : l'appel se fera le ${day.toLowerCase()} ${date}.`,
  previous: '← Séance précédente',
  next: 'Séance suivante →',
  allPresent: 'Tous présents',
  legend: 'P : présent · A : absent · R : en retard · J : justifié. Touchez à nouveau pour effacer.',
  markOf: (name: string, status: string) => `${name} : ${status}`,
  counted: (marked: number, total: number) => `${marked} / ${total} élèves marqués`,
  saving: commonText.saving,
  saved: 'Enregistré',
  queued: 'Présences gardées sur le téléphone : elles seront envoyées au retour du réseau.',
  empty: "Aucun élève n'est inscrit dans cette classe cette année.",
  loading: "Chargement de l'appel…",
  back: '← Mon espace',
  takeRollCall: "Faire l'appel",
  today: "Aujourd'hui",
  noLessonToday: "Pas de cours aujourd'hui.",
  /** The staff's reports (/reports/attendance). */
  report: {
    tabs: { daily: "Feuille d'Appel", detailed: 'Rapport détaillé par cours' },
    tabsLabel: 'Rapports de présence',
    klass: 'Classe',
    from: 'Du',
    to: 'Au',
    thisWeek: 'Cette semaine',
    student: 'Élève',
    none: '—',
    manual: (derived: string) => `Modifié manuellement (calculé : ${derived})`,
    noDerived: 'aucune marque',
    cellOf: (name: string, date: string) => `${name}, ${date}`,
    empty: "Aucun élève n'est inscrit dans cette classe cette année.",
    noMarks: 'Aucune présence enregistrée sur cette période.',
    print: 'Imprimer',
    printTitle: (className: string, from: string, to: string) => `Présences ${className} du ${from} au ${to}`,
    popupBlocked: "La fenêtre d'impression a été bloquée : autorisez les fenêtres de ce site puis réessayez.",
    loading: 'Chargement des présences…',
    noYear: "Ouvrez d'abord une année scolaire.",
  },
} as const;
