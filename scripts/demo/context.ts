// What every area of a demo school's data shares: the school, its profile on the day the demo is
// written and that day's calendar, its id maker and its random streams, and the ids of the things
// the areas refer to (years, periods, classes, subjects).
import { schoolToday } from '../../worker/domain/dates';
import { type DemoCalendar, demoCalendar } from './calendar';
import { PROFILES, profileFor, type SchoolProfile, type SchoolSize } from './profiles';
import { idMaker, makeRng, type Rng } from './random';

export interface DemoContext {
  school: string;
  size: SchoolSize;
  /** What the random streams start from: the same seed gives the same pupils, money and grades. */
  seed: string;
  cfg: SchoolProfile;
  /** The day the demo is written on (the school's today) and its years and trimesters. */
  calendar: DemoCalendar;
  /** A stable id from a readable key ('class:7e AF'), unique to the school. */
  id: (key: string) => string;
  /** The random stream of one concern (students, money, grades...). */
  rng: (topic: string) => Rng;
  /** The past year (when the school has one) and the current year. */
  yearNames: string[];
  yearId: (name: string) => string;
  periodId: (year: string, name: string) => string;
  classId: (name: string) => string;
  subjectId: (name: string) => string;
  classIndex: (name: string) => number;
  /** Hundredths of a point. */
  maxGrade: (className: string, subject: string) => number;
  /** Centimes: the current year's fee; the past year's was a little lower, the next year's a little higher (rounded to 500 units). */
  feeOf: (year: string, className: string) => number;
}

export function demoContext(
  school: string,
  size: SchoolSize,
  seed: string = school,
  today: string = schoolToday(),
): DemoContext {
  const calendar = demoCalendar(today);
  const cfg = profileFor(PROFILES[size], calendar);
  const id = idMaker(school);
  const index = new Map(cfg.classes.map((c, i) => [c.name, i]));
  const classIndex = (name: string) => index.get(name)!;
  return {
    school,
    size,
    seed,
    cfg,
    calendar,
    id,
    rng: (topic) => makeRng(`${seed}|${size}|${topic}`),
    yearNames: [cfg.pastYear, cfg.currentYear].filter((y): y is string => Boolean(y)),
    yearId: (name) => id(`year:${name}`),
    periodId: (year, name) => id(`period:${year}:${name}`),
    classId: (name) => id(`class:${name}`),
    subjectId: (name) => id(`subject:${name}`),
    classIndex,
    maxGrade: (className, subject) => cfg.curriculum[className]![subject]! * 100,
    feeOf: (year, className) => {
      const fee = cfg.classes[classIndex(className)]!.fee;
      if (year === cfg.currentYear) return fee * 100;
      return Math.round((fee * (year > cfg.currentYear ? 1.05 : 0.92)) / 500) * 500 * 100;
    },
  };
}
