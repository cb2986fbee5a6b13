// The academic demo data of a school (product decisions, "Demo data"): school years, periods,
// classes, subjects, curriculum, fees, students with enrolments, payments, adjustments,
// evaluations, grades, appreciations, teachers, assignments, timetable and attendance.
//
// Everything is deterministic: a seeded PRNG (mulberry32) replaces Math.random and every id is a
// UUID-shaped SHA-1 of the school id and a readable key, so a fresh start always gives the same
// demo school. Money is integer centimes, scores and max grades integer hundredths of a point.
import { createHash } from 'node:crypto';
import { searchKey } from '../../worker/domain/text.ts';
import { insertRows, q } from './sql.mjs';

// ---------------------------------------------------------------------------------------------
// Determinism helpers

function hash32(text) {
  return createHash('sha1').update(text).digest().readUInt32LE(0);
}

/** mulberry32: a small, good-enough PRNG; one stream per concern keeps parts independent. */
function makeRng(seedText) {
  let a = hash32(seedText);
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const rng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (list) => list[Math.floor(next() * list.length)],
    chance: (p) => next() < p,
    normal: (mean, sd) => {
      const u = 1 - next();
      const v = next();
      return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    },
    weighted: (pairs) => {
      const total = pairs.reduce((s, [, w]) => s + w, 0);
      let r = next() * total;
      for (const [value, w] of pairs) {
        r -= w;
        if (r < 0) return value;
      }
      return pairs[pairs.length - 1][0];
    },
    shuffle: (list) => {
      const out = [...list];
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [out[i], out[j]] = [out[j], out[i]];
      }
      return out;
    },
  };
  return rng;
}

/** Deterministic UUID-shaped ids (version 5 layout) so that uuid validators accept them. */
function idMaker(instanceId) {
  return (key) => {
    const h = createHash('sha1').update(`${instanceId}|${key}`).digest();
    h[6] = (h[6] & 0x0f) | 0x50;
    h[8] = (h[8] & 0x3f) | 0x80;
    const x = h.subarray(0, 16).toString('hex');
    return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20, 32)}`;
  };
}

const pad = (n, width = 2) => String(n).padStart(width, '0');
const clamp = (x, min, max) => Math.min(max, Math.max(min, x));
const ascii = (text) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z]/g, '');

const DAY_MS = 86_400_000;
const toDate = (iso) => new Date(`${iso}T00:00:00Z`);
const isoDay = (date) => date.toISOString().slice(0, 10);
/** A random day between two dates (inclusive), moved off Sunday. */
function dayBetween(rng, from, to) {
  const start = toDate(from).getTime();
  const days = Math.round((toDate(to).getTime() - start) / DAY_MS);
  const d = new Date(start + rng.int(0, days) * DAY_MS);
  if (d.getUTCDay() === 0) d.setTime(d.getTime() + (isoDay(d) < to ? DAY_MS : -DAY_MS));
  return isoDay(d);
}
const stamp = (day, hour = 14, minute = 0) => `${day}T${pad(hour)}:${pad(minute)}:00.000Z`;

// ---------------------------------------------------------------------------------------------
// Names and places

const LAST_NAMES = [
  'Jean', 'Pierre', 'Joseph', 'Louis', 'Charles', 'Estimé', 'Étienne', 'Dorsainvil', 'Casséus',
  'Paul', 'Augustin', 'Saint-Fleur', 'Désir', 'Alexis', 'Baptiste', 'Célestin', 'Noël', 'Michel',
  'Toussaint', 'Jean-Baptiste', 'François', 'Germain', 'Philippe', 'Dorvil', 'Lafontant',
  'Beauvais', 'Bien-Aimé', 'Fils-Aimé', 'Pierre-Louis', 'Desrosiers', 'Jeune', 'Laguerre',
  'Mompremier', 'Exantus', 'Thélusma', 'Cadet', 'Delva', 'Lubin', 'Métellus', 'Sanon', 'Valcourt',
  'Jules', 'Brutus', 'Fleurant', 'Simon', 'Sylvain', 'Dérisma', 'Saint-Louis',
];
const GIRL_NAMES = [
  'Wideline', 'Stéphanie', 'Nadège', 'Darline', 'Fabienne', 'Roseline', 'Islande', 'Guerline',
  'Mirlande', 'Nathalie', 'Esther', 'Sabine', 'Judith', 'Rose-Mireille', 'Ketly', 'Sherley',
  'Dieunie', 'Medjine', 'Widna', 'Tamara', 'Loudmia', 'Christelle', 'Vanessa', 'Naïka', 'Fedna',
  'Nerlande', 'Daphney', 'Roselaure', 'Farah', 'Bethsaïda', 'Kettia', 'Chedeline', 'Marie-Ange',
  'Jessica', 'Mélissa', 'Rébecca',
];
const BOY_NAMES = [
  'Jameson', 'Ricardo', 'Kervens', 'Wilner', 'Mackenson', 'Jhonny', 'Peterson', 'Jean-Marc',
  'Wesley', 'Kendy', 'Jimmy', 'Stevenson', 'Frantz', 'Ronald', 'Evens', 'Woodley', 'Ralph',
  'Samuel', 'Emmanuel', 'Fritznel', 'Réginald', 'Schneider', 'Wendell', 'Dieuvens', 'Handy',
  'Jodel', 'Carl-Henry', 'Roodly', 'Fednel', 'Wisly', 'Clifford', 'Kenley', 'Mike', 'Daniel',
  'Jonathan', 'Steeve',
];
const MOTHER_NAMES = [
  'Marie-Ange', 'Rose-Marie', 'Lucienne', 'Yolande', 'Marie-Carmelle', 'Josette', 'Myrlande',
  'Guerda', 'Marlène', 'Jocelyne', 'Nicole', 'Évelyne', 'Claudette', 'Micheline', 'Marie-Lourdes',
];
const FATHER_NAMES = [
  'Jean-Claude', 'Jacques', 'Edner', 'Gérald', 'Frantz', 'Réginald', 'Anel', 'Pierre-Richard',
  'Jean-Robert', 'Wilfrid', 'Lesly', 'Rony', 'Yves', 'Joseph-Marie', 'Gary',
];
const MAIL_DOMAINS = ['gmail.com', 'gmail.com', 'yahoo.fr', 'hotmail.com', 'outlook.com'];
const BLOOD_GROUPS = [
  ['O+', 45], ['A+', 24], ['B+', 18], ['AB+', 4], ['O-', 4], ['A-', 2], ['B-', 2], ['AB-', 1],
];
const ALLERGIES = ['Arachides', 'Pénicilline', 'Poussière', 'Fruits de mer', 'Lactose', 'Piqûres d\u2019insectes'];
const ILLNESSES = ['Asthme', 'Drépanocytose', 'Migraines fréquentes', 'Myopie (porte des lunettes)', 'Eczéma'];

const PLACES = {
  'Port-au-Prince': {
    quarters: [
      'Delmas 33', 'Delmas 19', 'Delmas 75', 'Pétion-Ville', 'Carrefour', 'Tabarre',
      'Croix-des-Bouquets', 'Turgeau', 'Bourdon', 'Canapé-Vert', 'Lalue', 'Bois-Verna', 'Pacot',
      'Martissant', 'Thomassin', 'Frères', 'Christ-Roi', 'Juvénat', 'Santo', 'Laboule',
    ],
    streets: [
      'rue Lamarre', 'rue Pavée', 'impasse Fleurant', 'rue Faubert', 'rue Grégoire', 'rue Clerveaux',
      'ruelle Roy', 'rue Villate', 'route de Frères', 'rue Chavannes', 'rue Ogé', 'rue Métellus',
      'impasse Lavaud', 'rue Rigaud', 'rue Louverture', 'rue Panaméricaine',
    ],
  },
  'Cap-Haïtien': {
    quarters: ['Carénage', 'Petite-Anse', 'Bel-Air', 'Vertières', 'Champin', 'Fort-Bourgeois', 'Barrière Bouteille', 'Centre-ville'],
    streets: ['Rue 5', 'Rue 12', 'Rue 15 A', 'Rue 17', 'Rue 24', 'Rue 24 B', 'Boulevard du Cap', 'Rue Espagnole'],
  },
};

// ---------------------------------------------------------------------------------------------
// The two demo schools

const LARGE = {
  city: 'Port-au-Prince',
  emailDomain: 'college-demo.ht',
  currentYear: '2025-2026',
  pastYear: '2024-2025',
  payUnit: 50_000, // 500 Gdes
  classes: [
    // fee in whole currency units, birth year of a pupil of the normal age, number of pupils
    { name: '7e AF', fee: 25_000, born: 2013, size: 19 },
    { name: '8e AF', fee: 28_000, born: 2012, size: 18 },
    { name: '9e AF', fee: 31_000, born: 2011, size: 18 },
    { name: 'NS I', fee: 35_000, born: 2010, size: 17 },
    { name: 'NS II', fee: 38_000, born: 2009, size: 17 },
    { name: 'NS III', fee: 41_000, born: 2008, size: 16 },
    { name: 'Philo', fee: 45_000, born: 2007, size: 15 },
  ],
  subjects: [
    'Mathématiques', 'Français', 'Créole', 'Anglais', 'Sciences Expérimentales',
    'Sciences Sociales', 'Physique', 'Chimie', 'Philosophie',
  ],
  // max grade in points per class and subject
  curriculum: {
    '7e AF': { Mathématiques: 100, Français: 100, Créole: 100, Anglais: 100, 'Sciences Expérimentales': 100, 'Sciences Sociales': 100 },
    '8e AF': { Mathématiques: 100, Français: 100, Créole: 100, Anglais: 100, 'Sciences Expérimentales': 100, 'Sciences Sociales': 100 },
    '9e AF': { Mathématiques: 100, Français: 100, Créole: 100, Anglais: 100, 'Sciences Expérimentales': 100, 'Sciences Sociales': 100 },
    'NS I': { Mathématiques: 200, Français: 200, Créole: 100, Anglais: 100, 'Sciences Expérimentales': 100, 'Sciences Sociales': 100, Physique: 100, Chimie: 100 },
    'NS II': { Mathématiques: 200, Français: 200, Créole: 100, Anglais: 100, 'Sciences Expérimentales': 100, 'Sciences Sociales': 100, Physique: 100, Chimie: 100 },
    'NS III': { Mathématiques: 200, Français: 200, Créole: 100, Anglais: 100, 'Sciences Sociales': 100, Physique: 100, Chimie: 100, Philosophie: 100 },
    Philo: { Philosophie: 200, Français: 200, Mathématiques: 200, Créole: 100, Anglais: 100, 'Sciences Sociales': 100, Physique: 100, Chimie: 100 },
  },
  // weekly hours of a course
  hours: (subject, className, points) => {
    if (points >= 200 || subject === 'Mathématiques' || subject === 'Français') return 4;
    return className.endsWith('AF') ? 3 : 2;
  },
  // teachers[0] is the demo 'prof' account; each course (class x subject) has exactly one teacher
  teachers: [
    { prenom: 'Jean-Robert', nom: 'Baptiste', courses: { Mathématiques: ['7e AF', '8e AF', '9e AF', 'NS I', 'NS II'] } },
    { prenom: 'Marie-Claude', nom: 'Étienne', courses: { Français: ['7e AF', '8e AF', '9e AF', 'NS I'], Créole: ['7e AF', '8e AF', '9e AF'] } },
    { prenom: 'Wilner', nom: 'Casséus', courses: { Français: ['NS II', 'NS III', 'Philo'], Créole: ['NS I', 'NS II', 'NS III', 'Philo'] } },
    { prenom: 'Nadège', nom: 'Toussaint', courses: { Anglais: '*' } },
    { prenom: 'Ricardo', nom: 'Dorsainvil', courses: { 'Sciences Sociales': '*' } },
    { prenom: 'Fabienne', nom: 'Célestin', courses: { 'Sciences Expérimentales': '*', Chimie: '*' } },
    { prenom: 'Peterson', nom: 'Alexis', courses: { Physique: '*', Mathématiques: ['NS III', 'Philo'] } },
    { prenom: 'Gérard', nom: 'Estimé', courses: { Philosophie: '*' } },
  ],
  // students[0] becomes the demo 'eleve' account
  firstStudent: { prenom: 'Marie', nom: 'Joseph', sexe: 'F', date_of_birth: '2011-04-02', className: '9e AF' },
  archived: 3,
  nisuShare: 0.8,
};

const SMALL = {
  city: 'Cap-Haïtien',
  emailDomain: 'aurore.ht',
  currentYear: '2025-2026',
  pastYear: null,
  payUnit: 5_000, // 50 $HT
  classes: [
    { name: '1re AF', fee: 2_500, born: 2019, size: 5 },
    { name: '2e AF', fee: 2_750, born: 2018, size: 5 },
    { name: '3e AF', fee: 3_000, born: 2017, size: 5 },
  ],
  subjects: ['Mathématiques', 'Français', 'Créole', 'Sciences Expérimentales'],
  // a primary school graded on 20 and 10 points (report cards on base 10)
  curriculum: Object.fromEntries(
    ['1re AF', '2e AF', '3e AF'].map((c) => [c, { Mathématiques: 20, Français: 20, Créole: 10, 'Sciences Expérimentales': 10 }]),
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

const PERIODS = ['Trimestre 1', 'Trimestre 2', 'Trimestre 3'];

// Lesson slots: Monday to Friday, and a short Saturday morning used only when needed.
const WEEKDAY_SLOTS = [
  ['07:00', '08:00'], ['08:00', '09:00'], ['09:00', '10:00'], ['10:15', '11:15'],
  ['11:15', '12:15'], ['12:45', '13:45'], ['13:45', '14:45'],
];
const SATURDAY_SLOTS = [['07:00', '08:00'], ['08:00', '09:00'], ['09:00', '10:00']];

// ---------------------------------------------------------------------------------------------

/**
 * The academic rows of a demo school. `teachers[0].user_id` is set by the caller after this
 * returns, so the statements that need teachers are built when read.
 */
export function academicDemoRows(instanceId, { size = 'large' } = {}) {
  const cfg = size === 'small' ? SMALL : LARGE;
  const id = idMaker(instanceId);
  const rng = (topic) => makeRng(`${instanceId}|${size}|${topic}`);

  // --- Years, periods, classes, subjects, curriculum, fees --------------------------------
  const yearNames = [cfg.pastYear, cfg.currentYear].filter(Boolean);
  const schoolYears = yearNames.map((name) => ({
    id: id(`year:${name}`),
    instance_id: instanceId,
    name,
    is_current: name === cfg.currentYear ? 1 : 0,
    created_at: stamp(`${name.slice(0, 4)}-07-15`, 12),
  }));
  const yearId = (name) => id(`year:${name}`);
  const periods = yearNames.flatMap((year) =>
    PERIODS.map((name, i) => ({ id: id(`period:${year}:${name}`), instance_id: instanceId, year_id: yearId(year), name, position: i + 1 })),
  );
  const periodId = (year, name) => id(`period:${year}:${name}`);

  const classes = cfg.classes.map((c, i) => ({ id: id(`class:${c.name}`), instance_id: instanceId, name: c.name, order_index: i + 1 }));
  const classId = (name) => id(`class:${name}`);
  const classIndex = new Map(cfg.classes.map((c, i) => [c.name, i]));
  const subjects = cfg.subjects.map((name) => ({ id: id(`subject:${name}`), instance_id: instanceId, name }));
  const subjectId = (name) => id(`subject:${name}`);

  const curriculum = [];
  for (const year of yearNames) {
    for (const c of cfg.classes) {
      for (const [subject, points] of Object.entries(cfg.curriculum[c.name])) {
        curriculum.push({
          id: id(`curriculum:${year}:${c.name}:${subject}`),
          instance_id: instanceId,
          year_id: yearId(year),
          class_id: classId(c.name),
          subject_id: subjectId(subject),
          max_grade: points * 100,
        });
      }
    }
  }
  const maxGrade = (className, subject) => cfg.curriculum[className][subject] * 100;

  // The past year's fees were a little lower (rounded to 500 units).
  const feeOf = (year, className) => {
    const fee = cfg.classes[classIndex.get(className)].fee;
    return (year === cfg.currentYear ? fee : Math.round((fee * 0.92) / 500) * 500) * 100;
  };
  const classFees = yearNames.flatMap((year) =>
    cfg.classes.map((c) => ({ instance_id: instanceId, year_id: yearId(year), class_id: classId(c.name), mppa: feeOf(year, c.name) })),
  );

  // --- Students ------------------------------------------------------------------------------
  const people = rng('students');
  const places = PLACES[cfg.city];
  const usedNames = new Set();
  const uniqueName = (sexe, nom) => {
    for (;;) {
      const prenom = people.pick(sexe === 'F' ? GIRL_NAMES : BOY_NAMES);
      const family = nom ?? people.pick(LAST_NAMES);
      const key = `${prenom}|${family}`;
      if (!usedNames.has(key)) {
        usedNames.add(key);
        return { prenom, nom: family };
      }
    }
  };
  const phone = () => `+509 ${people.chance(0.75) ? 3 : 4}${people.int(100, 999)} ${pad(people.int(0, 9999), 4)}`;
  const address = () => `${people.int(1, 120)}, ${people.pick(places.streets)}, ${people.pick(places.quarters)}`;
  const family = (nom) => {
    const mother = people.chance(0.6);
    const tutorPrenom = people.pick(mother ? MOTHER_NAMES : FATHER_NAMES);
    const tutorNom = mother && people.chance(0.35) ? people.pick(LAST_NAMES) : nom;
    const tutorName = `${tutorPrenom} ${tutorNom}`;
    const email = people.chance(0.45)
      ? `${ascii(tutorPrenom.split('-')[0]).toLowerCase()}.${ascii(tutorNom).toLowerCase()}${people.chance(0.4) ? people.int(1, 99) : ''}@${people.pick(MAIL_DOMAINS)}`
      : null;
    return { address: address(), tutor_name: tutorName, tutor_phone: phone(), tutor_email: email };
  };
  const medical = () => {
    if (!people.chance(0.4)) return null;
    return JSON.stringify({
      blood_group: people.weighted(BLOOD_GROUPS),
      allergies: people.chance(0.25) ? people.pick(ALLERGIES) : '',
      illnesses: people.chance(0.2) ? people.pick(ILLNESSES) : '',
    });
  };
  const birthDate = (bornYear) => `${bornYear}-${pad(people.int(1, 12))}-${pad(people.int(1, 28))}`;

  // A pupil: `classNow` is the current year's class (null for the archived graduates),
  // `classBefore` the past year's class when they were already at the school.
  const pupils = [];
  const addPupil = (fields) => {
    const sexe = fields.sexe ?? (people.chance(0.52) ? 'F' : 'M');
    const name = fields.prenom ? { prenom: fields.prenom, nom: fields.nom } : uniqueName(sexe);
    if (fields.prenom) usedNames.add(`${name.prenom}|${name.nom}`);
    const ref = fields.classNow ?? fields.classBefore;
    const born = cfg.classes[classIndex.get(ref)].born - (fields.classNow ? 0 : 1); // a year older if only in the past year
    const late = people.chance(0.3) && fields.classNow ? 1 : 0; // older pupils: a late start or a repeated class
    pupils.push({
      n: pupils.length + 1,
      sexe,
      ...name,
      date_of_birth: fields.date_of_birth ?? birthDate(born - late),
      ...family(name.nom),
      medical_notes: medical(),
      status: fields.status ?? 'active',
      classNow: fields.classNow ?? null,
      classBefore: fields.classBefore ?? null,
    });
  };
  const first = cfg.firstStudent;
  addPupil({ ...first, classNow: first.className });
  for (const c of cfg.classes) {
    const already = pupils.filter((p) => p.classNow === c.name).length;
    for (let i = already; i < c.size; i++) addPupil({ classNow: c.name });
  }
  // Graduates of the past year, now archived.
  const lastClass = cfg.classes[cfg.classes.length - 1].name;
  for (let i = 0; i < cfg.archived; i++) addPupil({ classBefore: lastClass, status: 'archived' });
  pupils[0].medical_notes = JSON.stringify({ blood_group: 'O+', allergies: 'Arachides', illnesses: '' });

  // Siblings: a few pupils share a family (name, address and tutor) with a pupil of another class.
  const siblingOf = new Map();
  if (size === 'large') {
    const active = pupils.filter((p) => p.status === 'active');
    let made = 0;
    for (const younger of people.shuffle(active.slice(1))) {
      if (made === 6) break;
      if (siblingOf.has(younger.n) || [...siblingOf.values()].includes(younger.n)) continue;
      const elder = active.find(
        (p) => p !== younger && p !== pupils[0] && !siblingOf.has(p.n) && ![...siblingOf.values()].includes(p.n) &&
          classIndex.get(p.classNow) > classIndex.get(younger.classNow) + 1 && !usedNames.has(`${younger.prenom}|${p.nom}`),
      );
      if (!elder) continue;
      usedNames.delete(`${younger.prenom}|${younger.nom}`);
      usedNames.add(`${younger.prenom}|${elder.nom}`);
      Object.assign(younger, {
        nom: elder.nom,
        address: elder.address,
        tutor_name: elder.tutor_name,
        tutor_phone: elder.tutor_phone,
        tutor_email: elder.tutor_email,
      });
      siblingOf.set(younger.n, elder.n);
      made++;
    }
  }

  // Some current pupils were at the school last year, one class lower (the demo pupil too).
  if (cfg.pastYear) {
    for (const c of cfg.classes.slice(1)) {
      const candidates = pupils.filter((p) => p.classNow === c.name && p !== pupils[0]);
      for (const p of people.shuffle(candidates).slice(0, 3)) p.classBefore = cfg.classes[classIndex.get(c.name) - 1].name;
    }
    pupils[0].classBefore = cfg.classes[classIndex.get(pupils[0].classNow) - 1]?.name ?? null;
  }

  // NISU: 4 letters of the names, birth date, sex letter, 7 digits; unique in the school.
  const nisus = new Set();
  for (const p of pupils) {
    if (p !== pupils[0] && !people.chance(cfg.nisuShare)) {
      p.nisu = null;
      continue;
    }
    const letters = (ascii(p.nom).slice(0, 2) + ascii(p.prenom).slice(0, 2)).toUpperCase().padEnd(4, 'X');
    let nisu;
    do nisu = `${letters}${p.date_of_birth.replaceAll('-', '')}${p.sexe}${pad(people.int(0, 9_999_999), 7)}`;
    while (nisus.has(nisu));
    nisus.add(nisu);
    p.nisu = nisu;
  }

  const students = pupils.map((p) => ({
    id: id(`student:${pad(p.n, 3)}`),
    instance_id: instanceId,
    nisu: p.nisu,
    nom: p.nom,
    prenom: p.prenom,
    nom_key: searchKey(p.nom),
    prenom_key: searchKey(p.prenom),
    sexe: p.sexe,
    date_of_birth: p.date_of_birth,
    address: p.address,
    tutor_name: p.tutor_name,
    tutor_phone: p.tutor_phone,
    tutor_email: p.tutor_email,
    medical_notes: p.medical_notes,
    status: p.status,
    created_at: stamp(p.classBefore ? `${cfg.pastYear.slice(0, 4)}-08-${pad(people.int(18, 30))}` : `${cfg.currentYear.slice(0, 4)}-08-${pad(people.int(18, 30))}`, 13, people.int(0, 59)),
  }));
  const studentId = (p) => id(`student:${pad(p.n, 3)}`);

  // --- Enrolments ------------------------------------------------------------------------------
  // One record per (pupil, year), kept with its pupil for the money and grades below.
  const enrolled = [];
  for (const p of pupils) {
    for (const [year, className] of [[cfg.pastYear, p.classBefore], [cfg.currentYear, p.classNow]]) {
      if (!year || !className) continue;
      enrolled.push({
        pupil: p,
        year,
        className,
        id: id(`enrollment:${pad(p.n, 3)}:${year}`),
        mppa: feeOf(year, className),
        adjustments: [],
        payments: [],
      });
    }
  }
  const current = enrolled.filter((e) => e.year === cfg.currentYear);
  const byClass = (year, className) => enrolled.filter((e) => e.year === year && e.className === className);

  // --- Adjustments and payments ------------------------------------------------------------------
  const money = rng('money');
  const adjustmentsFor = new Map(); // pupil n -> [label, amount]
  if (size === 'large') {
    for (const [younger] of siblingOf) adjustmentsFor.set(younger, [['Réduction fratrie', (e) => -Math.round(e.mppa / 10)]]);
    const others = money.shuffle(current.filter((e) => e.pupil !== pupils[0] && !adjustmentsFor.has(e.pupil.n)));
    for (const e of others.slice(0, 4)) adjustmentsFor.set(e.pupil.n, [['Bourse 50%', (x) => -Math.round(x.mppa / 2)]]);
    // Exam fees for the classes of the official exams (9e AF and Philo).
    for (const className of ['9e AF', 'Philo']) {
      const e = others.slice(4).find((x) => x.className === className);
      if (e) adjustmentsFor.set(e.pupil.n, [...(adjustmentsFor.get(e.pupil.n) ?? []), ["Frais d'examen", () => 150_000]]);
    }
  } else {
    const e = money.pick(current.slice(1));
    adjustmentsFor.set(e.pupil.n, [['Réduction fratrie', (x) => -Math.round(x.mppa / 10)]]);
  }
  for (const e of current) {
    (adjustmentsFor.get(e.pupil.n) ?? []).forEach(([label, amount], i) => {
      e.adjustments.push({ id: id(`adjustment:${e.id}:${i + 1}`), label, amount: amount(e), position: i + 1 });
    });
  }

  const unit = cfg.payUnit;
  /** `total` split into up to `k` positive payments, rounded to the unit except the last. */
  const split = (total, k) => {
    k = clamp(Math.min(k, Math.floor(total / unit)), 1, 3);
    const parts = [];
    let left = total;
    for (let i = 0; i < k - 1; i++) {
      const share = left * (0.35 + money.next() * 0.3);
      const part = clamp(Math.round(share / unit) * unit, unit, left - (k - 1 - i) * unit);
      parts.push(part);
      left -= part;
    }
    parts.push(left);
    return parts;
  };
  const windows = (year) => {
    const y = Number(year.slice(0, 4));
    return year === cfg.currentYear
      ? [[`${y}-09-01`, `${y}-10-17`], [`${y}-11-03`, `${y}-12-19`], [`${y + 1}-01-06`, `${y + 1}-01-23`]]
      : [[`${y}-09-02`, `${y}-10-17`], [`${y}-12-01`, `${y + 1}-01-31`], [`${y + 1}-03-02`, `${y + 1}-05-15`]];
  };
  for (const e of enrolled) {
    const adjusted = e.mppa + e.adjustments.reduce((s, a) => s + a.amount, 0);
    let plan;
    if (e.year !== cfg.currentYear) plan = 'full';
    else if (e.pupil === pupils[0]) plan = 'partial2';
    else plan = money.weighted(size === 'large' ? [['full', 25], ['partial', 60], ['none', 15]] : [['full', 20], ['partial', 45], ['none', 35]]);
    if (plan === 'none') continue;
    let amounts;
    if (plan === 'full') amounts = split(adjusted, money.int(1, 3));
    else {
      const target = Math.max(unit, Math.floor((adjusted * (0.2 + money.next() * 0.62)) / unit) * unit);
      amounts = split(Math.min(target, adjusted - unit), plan === 'partial2' ? 2 : money.int(1, 3));
    }
    const win = windows(e.year);
    amounts.forEach((amount, i) => {
      e.payments.push({
        id: id(`payment:${e.id}:${i + 1}`),
        date: dayBetween(money, ...win[i]),
        label: `Versement ${i + 1}`,
        amount,
        position: i + 1,
      });
    });
  }
  // A few pupils with nothing paid yet have their grades locked.
  const unpaid = current.filter((e) => e.payments.length === 0 && e.pupil !== pupils[0]);
  const locked = new Set(money.shuffle(unpaid).slice(0, size === 'large' ? 5 : 1).map((e) => e.id));

  // Receipts are numbered in date order across the school.
  const allPayments = enrolled.flatMap((e, order) => e.payments.map((pay) => ({ e, order, pay })));
  allPayments.sort((a, b) => a.pay.date.localeCompare(b.pay.date) || a.order - b.order || a.pay.position - b.pay.position);
  allPayments.forEach((x, i) => (x.pay.receipt_no = i + 1));

  const enrollments = enrolled.map((e) => ({
    id: e.id,
    instance_id: instanceId,
    student_id: studentId(e.pupil),
    year_id: yearId(e.year),
    class_id: classId(e.className),
    mppa: e.mppa,
    grades_access_enabled: locked.has(e.id) ? 0 : 1,
    created_at: stamp(`${e.year.slice(0, 4)}-08-${pad(20 + (e.pupil.n % 10))}`, 15),
  }));
  const adjustments = enrolled.flatMap((e) =>
    e.adjustments.map((a) => ({ id: a.id, instance_id: instanceId, enrollment_id: e.id, label: a.label, amount: a.amount, position: a.position })),
  );
  const payments = allPayments.map(({ e, pay }) => ({
    id: pay.id,
    instance_id: instanceId,
    enrollment_id: e.id,
    date: pay.date,
    label: pay.label,
    amount: pay.amount,
    receipt_no: pay.receipt_no,
    // The demo cashier took them (named on the receipts).
    recorded_by: 'comptable',
    position: pay.position,
  }));

  // --- Evaluations and grades ------------------------------------------------------------------
  const marks = rng('grades');
  const ability = new Map();
  const failing = new Set(marks.shuffle(current.slice(1)).slice(0, size === 'large' ? 5 : 1).map((e) => e.pupil.n));
  for (const p of pupils) {
    let a = clamp(marks.normal(0.66, 0.11), 0.4, 0.95);
    if (failing.has(p.n)) a = 0.3 + marks.next() * 0.12;
    if (p === pupils[0]) a = 0.79;
    ability.set(p.n, a);
  }
  const affinity = new Map(); // pupil|subject -> offset
  const affinityOf = (p, subject) => {
    const key = `${p.n}|${subject}`;
    if (!affinity.has(key)) affinity.set(key, marks.normal(0, 0.07));
    return affinity.get(key);
  };
  const scoreFor = (e, subject, max, floor = 0) => {
    const fraction = clamp(Math.max(ability.get(e.pupil.n), floor) + affinityOf(e.pupil, subject) + marks.normal(0, 0.08), 0, 1);
    const step = max >= 1000 ? 50 : 25;
    return clamp(Math.round((fraction * max) / step) * step, 0, max);
  };

  const evaluations = [];
  const grades = [];
  const results = new Map(); // `${enrollmentId}|${periodKey}|${subject}` -> [score, max]
  const addEvaluation = (year, period, className, subject, name, max, day) => {
    const key = `${year}:${period}:${className}:${subject}:${name}`;
    const evaluationId = id(`evaluation:${key}`);
    evaluations.push({
      id: evaluationId,
      instance_id: instanceId,
      class_id: classId(className),
      subject_id: subjectId(subject),
      period_id: periodId(year, period),
      name,
      max_score: max,
      created_at: stamp(day, 15, marks.int(0, 59)),
    });
    for (const e of byClass(year, className)) {
      // Past pupils were promoted, so their past results stay above the passing line.
      const score = scoreFor(e, subject, max, year === cfg.currentYear ? 0 : 0.58);
      grades.push({ id: id(`grade:${key}:${e.pupil.n}`), instance_id: instanceId, evaluation_id: evaluationId, enrollment_id: e.id, score, updated_at: stamp(day, 18) });
      const r = `${e.id}|${year}:${period}|${subject}`;
      const [s, m] = results.get(r) ?? [0, 0];
      results.set(r, [s + score, m + max]);
    }
  };
  const SETS = [
    [['Devoir 1', 0.2, 0], ['Interrogation', 0.3, 1], ['Examen', 0.5, 2]], // the limit is reached
    [['Devoir 1', 0.25, 0], ['Examen', 0.5, 2]],
    [['Devoir 1', 0.2, 0], ['Devoir 2', 0.2, 1], ['Examen', 0.5, 2]],
  ];
  const y0 = Number(cfg.currentYear.slice(0, 4));
  const t1Days = [[`${y0}-10-06`, `${y0}-10-17`], [`${y0}-10-27`, `${y0}-11-14`], [`${y0}-12-01`, `${y0}-12-12`]];
  const t2Days = [[`${y0 + 1}-01-12`, `${y0 + 1}-01-16`], [`${y0 + 1}-01-19`, `${y0 + 1}-01-23`]];
  for (const c of cfg.classes) {
    for (const subject of Object.keys(cfg.curriculum[c.name])) {
      const max = maxGrade(c.name, subject);
      for (const [name, share, slot] of marks.pick(SETS)) {
        addEvaluation(cfg.currentYear, 'Trimestre 1', c.name, subject, name, Math.round(max * share), dayBetween(marks, ...t1Days[slot]));
      }
      // Trimestre 2 has just started: a first test in most subjects, a quiz in some.
      if (marks.chance(0.65)) {
        addEvaluation(cfg.currentYear, 'Trimestre 2', c.name, subject, 'Devoir 1', Math.round(max * 0.2), dayBetween(marks, ...t2Days[0]));
        if (marks.chance(0.35)) addEvaluation(cfg.currentYear, 'Trimestre 2', c.name, subject, 'Interrogation', Math.round(max * 0.3), dayBetween(marks, ...t2Days[1]));
      }
    }
  }
  // The past year: one exam per subject and trimester for the classes that had pupils.
  if (cfg.pastYear) {
    const py = Number(cfg.pastYear.slice(0, 4));
    const examDays = [`${py}-12-05`, `${py + 1}-03-20`, `${py + 1}-06-12`];
    for (const c of cfg.classes) {
      if (byClass(cfg.pastYear, c.name).length === 0) continue;
      for (const subject of Object.keys(cfg.curriculum[c.name])) {
        PERIODS.forEach((period, i) => addEvaluation(cfg.pastYear, period, c.name, subject, 'Examen', maxGrade(c.name, subject), examDays[i]));
      }
    }
  }

  // --- Appreciations (Trimestre 1) -------------------------------------------------------------
  const notes = rng('appreciations');
  const t1 = `${cfg.currentYear}:Trimestre 1`;
  const subjectPercent = (e, subject) => {
    const [s, m] = results.get(`${e.id}|${t1}|${subject}`) ?? [0, 0];
    return m ? (100 * s) / m : null;
  };
  const periodAverage = (e) => {
    let sum = 0;
    let weight = 0;
    for (const subject of Object.keys(cfg.curriculum[e.className])) {
      const pct = subjectPercent(e, subject);
      if (pct === null) continue;
      sum += pct * maxGrade(e.className, subject);
      weight += maxGrade(e.className, subject);
    }
    return weight ? sum / weight : null;
  };
  const subjectRemark = (pct) =>
    pct >= 80 ? 'Excellent travail.' : pct >= 65 ? 'Bon travail, continuez ainsi.' : pct >= 50 ? 'Résultats justes. Poursuivez vos efforts.' : 'Doit fournir plus d\u2019efforts.';
  const generalRemark = (avg) =>
    avg >= 75 ? 'Très bon trimestre.' : avg >= 62 ? 'Bon trimestre, continuez ainsi.' : avg >= 50 ? 'Poursuivez vos efforts.' : 'Trimestre insuffisant. Il faut travailler davantage.';

  const appreciations = [];
  const generalAppreciations = [];
  const t1Period = periodId(cfg.currentYear, 'Trimestre 1');
  const firstTeacherCourses = cfg.teachers[0].courses;
  for (const e of current) {
    // The demo teacher has commented a few pupils of each class; the demo pupil has several.
    const subjectsNoted = new Set();
    for (const [subject, list] of Object.entries(firstTeacherCourses)) {
      const teaches = list === '*' ? subject in cfg.curriculum[e.className] : list.includes(e.className);
      if (teaches && notes.chance(0.3)) subjectsNoted.add(subject);
    }
    if (e.pupil === pupils[0]) for (const s of Object.keys(cfg.curriculum[e.className]).slice(0, 3)) subjectsNoted.add(s);
    for (const subject of subjectsNoted) {
      const pct = subjectPercent(e, subject);
      if (pct === null) continue;
      appreciations.push({ instance_id: instanceId, enrollment_id: e.id, subject_id: subjectId(subject), period_id: t1Period, text: subjectRemark(pct) });
    }
    const avg = periodAverage(e);
    if (avg !== null && (e.pupil === pupils[0] || failing.has(e.pupil.n) || notes.chance(0.35))) {
      generalAppreciations.push({ instance_id: instanceId, enrollment_id: e.id, period_id: t1Period, text: generalRemark(avg) });
    }
  }

  // --- Teachers, assignments, timetable --------------------------------------------------------
  const teachers = cfg.teachers.map((t, i) => ({
    id: id(`teacher:${i + 1}`),
    instance_id: instanceId,
    user_id: null,
    prenom: t.prenom,
    nom: t.nom,
    phone: `+509 ${3 + (i % 2)}${pad(hash32(`${instanceId}${i}a`) % 1000, 3)} ${pad(hash32(`${instanceId}${i}b`) % 10000, 4)}`,
    email: `${ascii(t.prenom.split('-')[0]).toLowerCase()}.${ascii(t.nom).toLowerCase()}@${cfg.emailDomain}`,
    created_at: stamp(`${y0}-08-${pad(10 + i)}`, 14),
  }));

  const assignments = [];
  const courses = []; // { assignmentId, teacher, className, subject, hours }
  cfg.teachers.forEach((t, ti) => {
    for (const [subject, list] of Object.entries(t.courses)) {
      const classNames = list === '*' ? cfg.classes.map((c) => c.name).filter((c) => subject in cfg.curriculum[c]) : list;
      for (const className of classNames) {
        const assignmentId = id(`assignment:${cfg.currentYear}:${className}:${subject}`);
        assignments.push({
          id: assignmentId,
          instance_id: instanceId,
          year_id: yearId(cfg.currentYear),
          teacher_id: teachers[ti].id,
          class_id: classId(className),
          subject_id: subjectId(subject),
        });
        courses.push({ assignmentId, teacher: ti, className, subject, hours: cfg.hours(subject, className, cfg.curriculum[className][subject]) });
      }
    }
  });
  // Every course of the curriculum has exactly one teacher.
  const courseKeys = courses.map((c) => `${c.className}|${c.subject}`);
  const expected = cfg.classes.flatMap((c) => Object.keys(cfg.curriculum[c.name]).map((s) => `${c.name}|${s}`));
  if (new Set(courseKeys).size !== courseKeys.length || expected.some((k) => !courseKeys.includes(k)) || courseKeys.length !== expected.length) {
    throw new Error(`Demo data: the teachers of ${size} do not cover the curriculum exactly once.`);
  }

  const timetableEntries = schedule(courses, cfg, rng('timetable'), (course, k) => ({
    id: id(`timetable:${course.assignmentId}:${k}`),
    instance_id: instanceId,
    assignment_id: course.assignmentId,
  }));

  // --- Attendance: the demo teacher's lessons over the last two weeks of January -------------
  const presence = rng('attendance');
  const attendanceRecords = [];
  const firstTeacherAssignments = new Set(assignments.filter((a) => a.teacher_id === teachers[0].id).map((a) => a.id));
  const assignmentClass = new Map(courses.map((c) => [c.assignmentId, c.className]));
  const mondays = [`${y0 + 1}-01-19`, `${y0 + 1}-01-26`];
  for (const monday of mondays) {
    for (const entry of timetableEntries.filter((t) => firstTeacherAssignments.has(t.assignment_id))) {
      const date = isoDay(new Date(toDate(monday).getTime() + (entry.day_of_week - 1) * DAY_MS));
      for (const e of byClass(cfg.currentYear, assignmentClass.get(entry.assignment_id))) {
        const weak = failing.has(e.pupil.n);
        const status = presence.weighted([['present', weak ? 75 : 90], ['late', 4], ['absent', weak ? 15 : 4], ['justified', 2]]);
        attendanceRecords.push({
          id: id(`attendance:${entry.id}:${date}:${e.pupil.n}`),
          instance_id: instanceId,
          timetable_entry_id: entry.id,
          enrollment_id: e.id,
          date,
          status,
        });
      }
    }
  }

  const statementsBeforeUsers = [
    ...insertRows('school_years', schoolYears),
    ...insertRows('academic_periods', periods),
    ...insertRows('classes', classes),
    ...insertRows('subjects', subjects),
    ...insertRows('curriculum', curriculum),
    ...insertRows('class_fees', classFees),
    ...insertRows('students', students),
    ...insertRows('enrollments', enrollments),
    ...insertRows('adjustments', adjustments),
    ...insertRows('payments', payments),
    ...insertRows('evaluations', evaluations),
    ...insertRows('grades', grades),
    ...insertRows('appreciations', appreciations),
    ...insertRows('general_appreciations', generalAppreciations),
    `UPDATE instances SET receipt_seq = ${payments.length} WHERE id = ${q(instanceId)};`,
  ];

  return {
    students,
    teachers,
    statementsBeforeUsers,
    // Built when read: the caller links teachers[0] to the demo teacher account first.
    get statementsAfterUsers() {
      return [
        ...insertRows('teachers', teachers),
        ...insertRows('assignments', assignments),
        ...insertRows('timetable_entries', timetableEntries),
        ...insertRows('attendance_records', attendanceRecords),
      ];
    },
  };
}

/**
 * Places every weekly lesson of every course in a slot where neither its class nor its teacher
 * is busy, at most once a day per course, spreading a class's lessons over the week and filling
 * mornings first. Saturday is used only when the week is full.
 */
function schedule(courses, cfg, rng, base) {
  const slots = [];
  for (let day = 1; day <= 5; day++) WEEKDAY_SLOTS.forEach(([start, end], i) => slots.push({ day, i, start, end }));
  SATURDAY_SLOTS.forEach(([start, end], i) => slots.push({ day: 6, i, start, end }));
  const classBusy = new Set();
  const teacherBusy = new Set();
  const courseDays = new Set();
  const classLoad = new Map();
  // The busiest teachers and longest courses first, then a shuffled order.
  const teacherLoad = new Map();
  for (const c of courses) teacherLoad.set(c.teacher, (teacherLoad.get(c.teacher) ?? 0) + c.hours);
  const lessons = rng
    .shuffle(courses.flatMap((c) => Array.from({ length: c.hours }, (_, k) => ({ course: c, k: k + 1 }))))
    .sort((a, b) => teacherLoad.get(b.course.teacher) - teacherLoad.get(a.course.teacher) || b.course.hours - a.course.hours);
  const rooms = new Map(cfg.classes.map((c, i) => [c.name, `Salle ${i + 1}`]));
  const entries = [];
  for (const { course, k } of lessons) {
    const free = (s, strict) =>
      !classBusy.has(`${course.className}|${s.day}|${s.i}`) &&
      !teacherBusy.has(`${course.teacher}|${s.day}|${s.i}`) &&
      (!strict || !courseDays.has(`${course.assignmentId}|${s.day}`));
    let candidates = slots.filter((s) => free(s, true));
    if (candidates.length === 0) candidates = slots.filter((s) => free(s, false));
    if (candidates.length === 0) throw new Error(`Demo data: no free slot for ${course.subject} in ${course.className}.`);
    const load = (s) => classLoad.get(`${course.className}|${s.day}`) ?? 0;
    candidates.sort((a, b) => (a.day === 6) - (b.day === 6) || load(a) - load(b) || a.i - b.i || a.day - b.day);
    const s = candidates[0];
    classBusy.add(`${course.className}|${s.day}|${s.i}`);
    teacherBusy.add(`${course.teacher}|${s.day}|${s.i}`);
    courseDays.add(`${course.assignmentId}|${s.day}`);
    classLoad.set(`${course.className}|${s.day}`, load(s) + 1);
    entries.push({ ...base(course, k), day_of_week: s.day, start_time: s.start, end_time: s.end, location_name: rooms.get(course.className) });
  }
  // Stable order: by day, time and room.
  return entries.sort((a, b) => a.day_of_week - b.day_of_week || a.start_time.localeCompare(b.start_time) || a.location_name.localeCompare(b.location_name, 'fr', { numeric: true }));
}
