// The pupils: names (unique in the school), families (address, tutor, phone, e-mail), medical
// notes, siblings sharing a family across classes, the current and the past year's class, the
// archived graduates, and NISUs (unique in the school).
import type { students } from '../../worker/db/schema';
import { searchKey } from '../../worker/domain/text';
import type { DemoContext } from './context';
import {
  ALLERGIES,
  BLOOD_GROUPS,
  BOY_NAMES,
  FATHER_NAMES,
  GIRL_NAMES,
  ILLNESSES,
  LAST_NAMES,
  MAIL_DOMAINS,
  MOTHER_NAMES,
  PLACES,
} from './names';
import { notAfter } from './calendar';
import { ascii, pad, stamp } from './random';

export interface Pupil {
  n: number;
  sexe: 'M' | 'F';
  prenom: string;
  nom: string;
  dateOfBirth: string;
  address: string;
  tutorName: string;
  tutorPhone: string;
  tutorEmail: string | null;
  medicalNotes: string | null;
  status: 'active' | 'archived';
  /** The current year's class (null for the archived graduates). */
  classNow: string | null;
  /** The past year's class when they were already at the school. */
  classBefore: string | null;
  nisu: string | null;
}

export const studentIdOf = (ctx: DemoContext, p: Pupil) => ctx.id(`student:${pad(p.n, 3)}`);

/** The pupils; the first one is the demo pupil (the 'eleve' account), `siblingOf` maps a younger sibling to the elder. */
export function pupilsOf(ctx: DemoContext) {
  const { cfg, size, classIndex } = ctx;
  const people = ctx.rng('students');
  const places = PLACES[cfg.city]!;
  const usedNames = new Set<string>();
  const uniqueName = (sexe: 'M' | 'F') => {
    for (;;) {
      const prenom = people.pick(sexe === 'F' ? GIRL_NAMES : BOY_NAMES);
      const nom = people.pick(LAST_NAMES);
      const key = `${prenom}|${nom}`;
      if (!usedNames.has(key)) {
        usedNames.add(key);
        return { prenom, nom };
      }
    }
  };
  const phone = () => `+509 ${people.chance(0.75) ? 3 : 4}${people.int(100, 999)} ${pad(people.int(0, 9999), 4)}`;
  const address = () => `${people.int(1, 120)}, ${people.pick(places.streets)}, ${people.pick(places.quarters)}`;
  const family = (nom: string) => {
    const mother = people.chance(0.6);
    const tutorPrenom = people.pick(mother ? MOTHER_NAMES : FATHER_NAMES);
    const tutorNom = mother && people.chance(0.35) ? people.pick(LAST_NAMES) : nom;
    const email = people.chance(0.45)
      ? `${ascii(tutorPrenom.split('-')[0]!).toLowerCase()}.${ascii(tutorNom).toLowerCase()}${people.chance(0.4) ? people.int(1, 99) : ''}@${people.pick(MAIL_DOMAINS)}`
      : null;
    return { address: address(), tutorName: `${tutorPrenom} ${tutorNom}`, tutorPhone: phone(), tutorEmail: email };
  };
  const medical = () => {
    if (!people.chance(0.4)) return null;
    return JSON.stringify({
      blood_group: people.weighted(BLOOD_GROUPS),
      allergies: people.chance(0.25) ? people.pick(ALLERGIES) : '',
      illnesses: people.chance(0.2) ? people.pick(ILLNESSES) : '',
    });
  };
  const birthDate = (bornYear: number) => `${bornYear}-${pad(people.int(1, 12))}-${pad(people.int(1, 28))}`;

  const pupils: Pupil[] = [];
  const addPupil = (fields: {
    classNow?: string;
    classBefore?: string;
    status?: Pupil['status'];
    sexe?: 'M' | 'F';
    prenom?: string;
    nom?: string;
    dateOfBirth?: string;
  }) => {
    const sexe = fields.sexe ?? (people.chance(0.52) ? 'F' : 'M');
    const name = fields.prenom && fields.nom ? { prenom: fields.prenom, nom: fields.nom } : uniqueName(sexe);
    if (fields.prenom) usedNames.add(`${name.prenom}|${name.nom}`);
    const ref = (fields.classNow ?? fields.classBefore)!;
    const born = cfg.classes[classIndex(ref)]!.born - (fields.classNow ? 0 : 1); // a year older if only in the past year
    const late = people.chance(0.3) && fields.classNow ? 1 : 0; // older pupils: a late start or a repeated class
    const dateOfBirth = fields.dateOfBirth ?? birthDate(born - late);
    const home = family(name.nom);
    pupils.push({
      n: pupils.length + 1,
      sexe,
      ...name,
      dateOfBirth,
      ...home,
      medicalNotes: medical(),
      status: fields.status ?? 'active',
      classNow: fields.classNow ?? null,
      classBefore: fields.classBefore ?? null,
      nisu: null,
    });
  };
  const first = cfg.firstStudent;
  addPupil({
    sexe: first.sexe,
    prenom: first.prenom,
    nom: first.nom,
    dateOfBirth: first.date_of_birth,
    classNow: first.className,
  });
  for (const c of cfg.classes) {
    const already = pupils.filter((p) => p.classNow === c.name).length;
    for (let i = already; i < c.size; i++) addPupil({ classNow: c.name });
  }
  // Graduates of the past year, now archived.
  const lastClass = cfg.classes[cfg.classes.length - 1]!.name;
  for (let i = 0; i < cfg.archived; i++) addPupil({ classBefore: lastClass, status: 'archived' });
  const demoPupil = pupils[0]!;
  demoPupil.medicalNotes = JSON.stringify({ blood_group: 'O+', allergies: 'Arachides', illnesses: '' });

  // Siblings: a few pupils share a family (name, address and tutor) with a pupil of another class.
  const siblingOf = new Map<number, number>();
  if (size === 'large') {
    const active = pupils.filter((p) => p.status === 'active');
    const inFamily = (p: Pupil) => siblingOf.has(p.n) || [...siblingOf.values()].includes(p.n);
    let made = 0;
    for (const younger of people.shuffle(active.slice(1))) {
      if (made === 6) break;
      if (inFamily(younger)) continue;
      const elder = active.find(
        (p) =>
          p !== younger &&
          p !== demoPupil &&
          !inFamily(p) &&
          classIndex(p.classNow!) > classIndex(younger.classNow!) + 1 &&
          !usedNames.has(`${younger.prenom}|${p.nom}`),
      );
      if (!elder) continue;
      usedNames.delete(`${younger.prenom}|${younger.nom}`);
      usedNames.add(`${younger.prenom}|${elder.nom}`);
      Object.assign(younger, {
        nom: elder.nom,
        address: elder.address,
        tutorName: elder.tutorName,
        tutorPhone: elder.tutorPhone,
        tutorEmail: elder.tutorEmail,
      });
      siblingOf.set(younger.n, elder.n);
      made++;
    }
  }

  // Some current pupils were at the school last year, one class lower (the demo pupil too).
  if (cfg.pastYear) {
    for (const c of cfg.classes.slice(1)) {
      const candidates = pupils.filter((p) => p.classNow === c.name && p !== demoPupil);
      for (const p of people.shuffle(candidates).slice(0, 3)) p.classBefore = cfg.classes[classIndex(c.name) - 1]!.name;
    }
    demoPupil.classBefore = cfg.classes[classIndex(demoPupil.classNow!) - 1]?.name ?? null;
  }

  // NISU: 4 letters of the names, birth date, sex letter, 7 digits; unique in the school.
  const nisus = new Set<string>();
  for (const p of pupils) {
    if (p !== demoPupil && !people.chance(cfg.nisuShare)) continue;
    const letters = (ascii(p.nom).slice(0, 2) + ascii(p.prenom).slice(0, 2)).toUpperCase().padEnd(4, 'X');
    let nisu: string;
    do nisu = `${letters}${p.dateOfBirth.replaceAll('-', '')}${p.sexe}${pad(people.int(0, 9_999_999), 7)}`;
    while (nisus.has(nisu));
    nisus.add(nisu);
    p.nisu = nisu;
  }

  const rows: (typeof students.$inferInsert)[] = pupils.map((p) => ({
    id: studentIdOf(ctx, p),
    instanceId: ctx.school,
    nisu: p.nisu,
    nom: p.nom,
    prenom: p.prenom,
    nomKey: searchKey(p.nom),
    prenomKey: searchKey(p.prenom),
    sexe: p.sexe,
    dateOfBirth: p.dateOfBirth,
    address: p.address,
    tutorName: p.tutorName,
    tutorPhone: p.tutorPhone,
    tutorEmail: p.tutorEmail,
    medicalNotes: p.medicalNotes,
    status: p.status,
    createdAt: stamp(
      notAfter(
        p.classBefore
          ? `${cfg.pastYear!.slice(0, 4)}-08-${pad(people.int(18, 30))}`
          : `${cfg.currentYear.slice(0, 4)}-08-${pad(people.int(18, 30))}`,
        ctx.calendar.today,
      ),
      13,
      people.int(0, 59),
    ),
  }));
  return { pupils, siblingOf, rows };
}
