// The academic shape of the two demo schools: a large secondary school (Collège Démo, Port-au-
// Prince, two years of history) and a small primary school (École Nouvelle Aurore, Cap-Haïtien,
// its first year): classes with their fees and sizes, subjects, programme, teachers. Years and
// birth dates are relative to the day the demo is written (`profileFor`, calendar.ts).
import type { DemoCalendar } from './calendar';

/** Which of the two shapes a demo (or test) school has. */
export type SchoolSize = 'large' | 'small' | 'scale';

/** Subjects a teacher teaches: in some classes, or in every class that has the subject ('*'). */
type Courses = Record<string, string[] | '*'>;

/** A school's shape, whatever the day: its years and birth dates are set by `profileFor`. */
export interface SchoolShape {
  city: string;
  emailDomain: string;
  /** Whether the school has the year before the current one (pupils of last year, promoted). */
  hasPastYear: boolean;
  /** Whether it has an empty next year (its class fees only), to try the promotion on. */
  hasNextYear: boolean;
  /** Payments are multiples of this, in centimes. */
  payUnit: number;
  /** Fee in whole currency units, age of a pupil of the normal age on the year's first day, number of pupils. */
  classes: { name: string; fee: number; age: number; size: number }[];
  subjects: string[];
  /** Max grade in points per class and subject. */
  curriculum: Record<string, Record<string, number>>;
  /** Weekly hours of a course. */
  hours: (subject: string, className: string, points: number) => number;
  /** teachers[0] is the demo 'prof' account; each course (class x subject) has exactly one teacher. */
  teachers: { prenom: string; nom: string; courses: Courses }[];
  /** students[0] becomes the demo 'eleve' account: born on `birthday` ('MM-DD'), `age` years before the year's first calendar year. */
  firstStudent: { prenom: string; nom: string; sexe: 'M' | 'F'; birthday: string; age: number; className: string };
  archived: number;
  nisuShare: number;
}

/** A shape on a given day: the years' names and the birth years. */
export interface SchoolProfile extends Omit<SchoolShape, 'classes' | 'firstStudent'> {
  currentYear: string;
  pastYear: string | null;
  /** An empty next year (its class fees only), to try the promotion on: null for none. */
  nextYear: string | null;
  /** Fee in whole currency units, birth year of a pupil of the normal age, number of pupils. */
  classes: { name: string; fee: number; born: number; size: number }[];
  firstStudent: { prenom: string; nom: string; sexe: 'M' | 'F'; date_of_birth: string; className: string };
}

export function profileFor(shape: SchoolShape, calendar: DemoCalendar): SchoolProfile {
  const y0 = Number(calendar.currentYear.slice(0, 4));
  const { birthday, age, ...first } = shape.firstStudent;
  return {
    ...shape,
    currentYear: calendar.currentYear,
    pastYear: shape.hasPastYear ? calendar.pastYear : null,
    nextYear: shape.hasNextYear ? calendar.nextYear : null,
    classes: shape.classes.map(({ age, ...c }) => ({ ...c, born: y0 - age })),
    firstStudent: { ...first, date_of_birth: `${y0 - age}-${birthday}` },
  };
}

const LARGE: SchoolShape = {
  city: 'Port-au-Prince',
  emailDomain: 'college-demo.ht',
  hasPastYear: true,
  hasNextYear: true,
  payUnit: 50_000, // 500 Gdes
  classes: [
    { name: '7e AF', fee: 25_000, age: 12, size: 19 },
    { name: '8e AF', fee: 28_000, age: 13, size: 18 },
    { name: '9e AF', fee: 31_000, age: 14, size: 18 },
    { name: 'NS I', fee: 35_000, age: 15, size: 17 },
    { name: 'NS II', fee: 38_000, age: 16, size: 17 },
    { name: 'NS III', fee: 41_000, age: 17, size: 16 },
    { name: 'Philo', fee: 45_000, age: 18, size: 15 },
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
  firstStudent: { prenom: 'Marie', nom: 'Joseph', sexe: 'F', birthday: '04-02', age: 14, className: '9e AF' },
  archived: 3,
  nisuShare: 0.8,
};

const SMALL: SchoolShape = {
  city: 'Cap-Haïtien',
  emailDomain: 'aurore.ht',
  hasPastYear: false,
  hasNextYear: true,
  payUnit: 5_000, // 50 $HT
  classes: [
    { name: '1re AF', fee: 2_500, age: 6, size: 5 },
    { name: '2e AF', fee: 2_750, age: 7, size: 5 },
    { name: '3e AF', fee: 3_000, age: 8, size: 5 },
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
  firstStudent: { prenom: 'Naïka', nom: 'Pierre-Louis', sexe: 'F', birthday: '06-14', age: 7, className: '2e AF' },
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
const SCALE: SchoolShape = {
  ...LARGE,
  hasNextYear: false,
  classes: LARGE.classes.map((c, i) => ({ ...c, size: [75, 74, 73, 71, 70, 69, 68][i]! })),
};

export const PROFILES: Record<SchoolSize, SchoolShape> = { large: LARGE, small: SMALL, scale: SCALE };

/** The scale run's pupils this year (500 by default): its classes grown or shrunk in proportion. */
export function setScalePupils(pupils: number) {
  const base = [75, 74, 73, 71, 70, 69, 68];
  const sum = base.reduce((a, b) => a + b, 0);
  PROFILES.scale = {
    ...SCALE,
    classes: SCALE.classes.map((c, i) => ({ ...c, size: Math.round((base[i]! * pupils) / sum) })),
  };
}
