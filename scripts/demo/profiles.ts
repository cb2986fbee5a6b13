// The academic shape of the two demo schools: a large secondary school (Collège Démo, Port-au-
// Prince, two years of history) and a small primary school (École Nouvelle Aurore, Cap-Haïtien,
// its first year): classes with their fees and sizes, subjects, programme, teachers.

/** Which of the two shapes a demo (or test) school has. */
export type SchoolSize = 'large' | 'small' | 'scale';

/** Subjects a teacher teaches: in some classes, or in every class that has the subject ('*'). */
type Courses = Record<string, string[] | '*'>;

export interface SchoolProfile {
  city: string;
  emailDomain: string;
  currentYear: string;
  pastYear: string | null;
  /** An empty next year (its class fees only), to try the promotion on: null for none. */
  nextYear: string | null;
  /** Payments are multiples of this, in centimes. */
  payUnit: number;
  /** Fee in whole currency units, birth year of a pupil of the normal age, number of pupils. */
  classes: { name: string; fee: number; born: number; size: number }[];
  subjects: string[];
  /** Max grade in points per class and subject. */
  curriculum: Record<string, Record<string, number>>;
  /** Weekly hours of a course. */
  hours: (subject: string, className: string, points: number) => number;
  /** teachers[0] is the demo 'prof' account; each course (class x subject) has exactly one teacher. */
  teachers: { prenom: string; nom: string; courses: Courses }[];
  /** students[0] becomes the demo 'eleve' account. */
  firstStudent: { prenom: string; nom: string; sexe: 'M' | 'F'; date_of_birth: string; className: string };
  archived: number;
  nisuShare: number;
}

const LARGE: SchoolProfile = {
  city: 'Port-au-Prince',
  emailDomain: 'college-demo.ht',
  currentYear: '2025-2026',
  pastYear: '2024-2025',
  nextYear: '2026-2027',
  payUnit: 50_000, // 500 Gdes
  classes: [
    { name: '7e AF', fee: 25_000, born: 2013, size: 19 },
    { name: '8e AF', fee: 28_000, born: 2012, size: 18 },
    { name: '9e AF', fee: 31_000, born: 2011, size: 18 },
    { name: 'NS I', fee: 35_000, born: 2010, size: 17 },
    { name: 'NS II', fee: 38_000, born: 2009, size: 17 },
    { name: 'NS III', fee: 41_000, born: 2008, size: 16 },
    { name: 'Philo', fee: 45_000, born: 2007, size: 15 },
  ],
  subjects: [
    'Mathématiques',
    'Français',
    'Créole',
    'Anglais',
    'Sciences Expérimentales',
    'Sciences Sociales',
    'Physique',
    'Chimie',
    'Philosophie',
  ],
  curriculum: {
    '7e AF': {
      Mathématiques: 100,
      Français: 100,
      Créole: 100,
      Anglais: 100,
      'Sciences Expérimentales': 100,
      'Sciences Sociales': 100,
    },
    '8e AF': {
      Mathématiques: 100,
      Français: 100,
      Créole: 100,
      Anglais: 100,
      'Sciences Expérimentales': 100,
      'Sciences Sociales': 100,
    },
    '9e AF': {
      Mathématiques: 100,
      Français: 100,
      Créole: 100,
      Anglais: 100,
      'Sciences Expérimentales': 100,
      'Sciences Sociales': 100,
    },
    'NS I': {
      Mathématiques: 200,
      Français: 200,
      Créole: 100,
      Anglais: 100,
      'Sciences Expérimentales': 100,
      'Sciences Sociales': 100,
      Physique: 100,
      Chimie: 100,
    },
    'NS II': {
      Mathématiques: 200,
      Français: 200,
      Créole: 100,
      Anglais: 100,
      'Sciences Expérimentales': 100,
      'Sciences Sociales': 100,
      Physique: 100,
      Chimie: 100,
    },
    'NS III': {
      Mathématiques: 200,
      Français: 200,
      Créole: 100,
      Anglais: 100,
      'Sciences Sociales': 100,
      Physique: 100,
      Chimie: 100,
      Philosophie: 100,
    },
    Philo: {
      Philosophie: 200,
      Français: 200,
      Mathématiques: 200,
      Créole: 100,
      Anglais: 100,
      'Sciences Sociales': 100,
      Physique: 100,
      Chimie: 100,
    },
  },
  hours: (subject, className, points) => {
    if (points >= 200 || subject === 'Mathématiques' || subject === 'Français') return 4;
    return className.endsWith('AF') ? 3 : 2;
  },
  teachers: [
    {
      prenom: 'Jean-Robert',
      nom: 'Baptiste',
      courses: { Mathématiques: ['7e AF', '8e AF', '9e AF', 'NS I', 'NS II'] },
    },
    {
      prenom: 'Marie-Claude',
      nom: 'Étienne',
      courses: { Français: ['7e AF', '8e AF', '9e AF', 'NS I'], Créole: ['7e AF', '8e AF', '9e AF'] },
    },
    {
      prenom: 'Wilner',
      nom: 'Casséus',
      courses: { Français: ['NS II', 'NS III', 'Philo'], Créole: ['NS I', 'NS II', 'NS III', 'Philo'] },
    },
    { prenom: 'Nadège', nom: 'Toussaint', courses: { Anglais: '*' } },
    { prenom: 'Ricardo', nom: 'Dorsainvil', courses: { 'Sciences Sociales': '*' } },
    { prenom: 'Fabienne', nom: 'Célestin', courses: { 'Sciences Expérimentales': '*', Chimie: '*' } },
    { prenom: 'Peterson', nom: 'Alexis', courses: { Physique: '*', Mathématiques: ['NS III', 'Philo'] } },
    { prenom: 'Gérard', nom: 'Estimé', courses: { Philosophie: '*' } },
  ],
  firstStudent: { prenom: 'Marie', nom: 'Joseph', sexe: 'F', date_of_birth: '2011-04-02', className: '9e AF' },
  archived: 3,
  nisuShare: 0.8,
};

const SMALL: SchoolProfile = {
  city: 'Cap-Haïtien',
  emailDomain: 'aurore.ht',
  currentYear: '2025-2026',
  pastYear: null,
  nextYear: '2026-2027',
  payUnit: 5_000, // 50 $HT
  classes: [
    { name: '1re AF', fee: 2_500, born: 2019, size: 5 },
    { name: '2e AF', fee: 2_750, born: 2018, size: 5 },
    { name: '3e AF', fee: 3_000, born: 2017, size: 5 },
  ],
  subjects: ['Mathématiques', 'Français', 'Créole', 'Sciences Expérimentales'],
  // a primary school graded on 20 and 10 points (report cards on base 10)
  curriculum: Object.fromEntries(
    ['1re AF', '2e AF', '3e AF'].map((c) => [
      c,
      { Mathématiques: 20, Français: 20, Créole: 10, 'Sciences Expérimentales': 10 },
    ]),
  ),
  hours: (subject) => (subject === 'Mathématiques' || subject === 'Français' ? 4 : 2),
  teachers: [
    { prenom: 'Guerline', nom: 'Augustin', courses: { Mathématiques: '*', 'Sciences Expérimentales': '*' } },
    { prenom: 'Jameson', nom: 'Noël', courses: { Français: '*', Créole: '*' } },
  ],
  firstStudent: { prenom: 'Naïka', nom: 'Pierre-Louis', sexe: 'F', date_of_birth: '2018-06-14', className: '2e AF' },
  archived: 0,
  nisuShare: 0.8,
};

export const PERIODS = ['Trimestre 1', 'Trimestre 2', 'Trimestre 3'];

// Lesson slots: Monday to Friday, and a short Saturday morning used only when needed.
export const WEEKDAY_SLOTS = [
  ['07:00', '08:00'],
  ['08:00', '09:00'],
  ['09:00', '10:00'],
  ['10:15', '11:15'],
  ['11:15', '12:15'],
  ['12:45', '13:45'],
  ['13:45', '14:45'],
];
export const SATURDAY_SLOTS = [
  ['07:00', '08:00'],
  ['08:00', '09:00'],
  ['09:00', '10:00'],
];

/** The scale run's schools (scripts/seed-scale.mjs): the large school's shape with 500 pupils this year. */
const SCALE: SchoolProfile = {
  ...LARGE,
  nextYear: null,
  classes: LARGE.classes.map((c, i) => ({ ...c, size: [75, 74, 73, 71, 70, 69, 68][i]! })),
};

export const PROFILES: Record<SchoolSize, SchoolProfile> = { large: LARGE, small: SMALL, scale: SCALE };
