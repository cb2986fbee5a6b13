// Timetable rules: times, slots, the overlap rule (same teacher or same class, touching edges
// allowed), the week grid's geometry (07:00-18:00 at least, 64 px an hour) and the phone's list.
import { describe, expect, it } from 'vitest';
import {
  blockBox,
  colourIndexes,
  dayBlocks,
  dayOfWeekOf,
  findClash,
  gridHeight,
  gridHours,
  gridRowHours,
  isTime,
  normalizeTime,
  type PlacedEntry,
  slotProblem,
  weekByDay,
} from '../../worker/domain/timetable';

describe('times', () => {
  it('reads what a manager types or a picker gives, and stores HH:MM', () => {
    expect(normalizeTime('07:30')).toBe('07:30');
    expect(normalizeTime('7:30')).toBe('07:30');
    expect(normalizeTime(' 13:05 ')).toBe('13:05');
    expect(normalizeTime('07h30')).toBe('07:30');
    expect(normalizeTime('7h')).toBe('07:00');
    expect(normalizeTime('07:30:00')).toBe('07:30');
  });

  it('refuses times that do not exist or are not times', () => {
    for (const value of ['24:00', '07:60', '7', '0730', 'midi', '', '07:30:15', '-1:00']) {
      expect(normalizeTime(value), value).toBeNull();
    }
  });

  it('keeps only the zero-padded form as stored', () => {
    expect(isTime('07:30')).toBe(true);
    expect(isTime('23:59')).toBe(true);
    expect(isTime('7:30')).toBe(false);
    expect(isTime('24:00')).toBe(false);
  });

  it('tells the weekday of a school date, Sunday having none', () => {
    expect(dayOfWeekOf('2026-01-19')).toBe(1); // Monday
    expect(dayOfWeekOf('2026-01-21')).toBe(3);
    expect(dayOfWeekOf('2026-01-24')).toBe(6); // Saturday
    expect(dayOfWeekOf('2026-01-25')).toBeNull(); // Sunday
    expect(dayOfWeekOf('2024-02-29')).toBe(4); // Thursday of a leap year
  });
});

describe('a slot', () => {
  const slot = { dayOfWeek: 1, startTime: '08:00', endTime: '09:00' };

  it('is a day from Monday (1) to Saturday (6) and a start before its end', () => {
    expect(slotProblem(slot)).toBeNull();
    expect(slotProblem({ ...slot, dayOfWeek: 6 })).toBeNull();
    expect(slotProblem({ ...slot, endTime: '08:01' })).toBeNull();
  });

  it('names what is wrong', () => {
    expect(slotProblem({ ...slot, dayOfWeek: 0 })).toBe('day');
    expect(slotProblem({ ...slot, dayOfWeek: 7 })).toBe('day');
    expect(slotProblem({ ...slot, dayOfWeek: 1.5 })).toBe('day');
    expect(slotProblem({ ...slot, startTime: '8:00' })).toBe('start');
    expect(slotProblem({ ...slot, endTime: '25:00' })).toBe('end');
    expect(slotProblem({ ...slot, endTime: '08:00' })).toBe('order');
    expect(slotProblem({ ...slot, startTime: '10:00' })).toBe('order');
  });
});

describe('the overlap rule', () => {
  const entry = (id: string, over: Partial<PlacedEntry> = {}): PlacedEntry & { id: string } => ({
    id,
    yearId: 'y1',
    teacherId: 'baptiste',
    classId: '7e',
    dayOfWeek: 1,
    startTime: '08:00',
    endTime: '09:00',
    ...over,
  });
  // Monday: Baptiste teaches 7e 08:00-09:00 and 8e 10:15-11:15; Étienne teaches 7e 09:00-10:00.
  const week = [
    entry('math-7e'),
    entry('math-8e', { classId: '8e', startTime: '10:15', endTime: '11:15' }),
    entry('fr-7e', { teacherId: 'etienne', startTime: '09:00', endTime: '10:00' }),
  ];

  it('refuses the same teacher twice at once, and names the entry', () => {
    const candidate = entry('new', { classId: '9e', startTime: '08:30', endTime: '09:30' });
    const clash = findClash(candidate, week);
    expect(clash?.reason).toBe('teacher');
    expect(clash?.entry.id).toBe('math-7e');
  });

  it('refuses the same class twice at once', () => {
    const candidate = entry('new', { teacherId: 'toussaint', startTime: '09:30', endTime: '10:30' });
    expect(findClash(candidate, week)).toEqual({ entry: week[2], reason: 'class' });
  });

  it('says when the clash is with the same teacher in the same class', () => {
    const candidate = entry('new', { startTime: '07:30', endTime: '08:15' });
    expect(findClash(candidate, week)?.reason).toBe('both');
  });

  it('allows touching edges', () => {
    // 07:00-08:00 ends when math-7e starts; 09:00-10:15 for Baptiste in 9e sits between his lessons.
    expect(findClash(entry('new', { startTime: '07:00', endTime: '08:00' }), week)).toBeNull();
    expect(findClash(entry('new', { classId: '9e', startTime: '09:00', endTime: '10:15' }), week)).toBeNull();
  });

  it('ignores other days, other years, and other teachers of other classes', () => {
    expect(findClash(entry('new', { dayOfWeek: 2 }), week)).toBeNull();
    expect(findClash(entry('new', { yearId: 'y2' }), week)).toBeNull();
    expect(findClash(entry('new', { teacherId: 'toussaint', classId: '9e' }), week)).toBeNull();
  });

  it('lets an entry move within its own time', () => {
    expect(findClash(entry('math-7e', { startTime: '07:45', endTime: '08:45' }), week)).toBeNull();
    // A new entry (no id yet) at the same time is refused.
    const { id: _id, ...unsaved } = entry('x');
    expect(findClash(unsaved, week)?.entry.id).toBe('math-7e');
  });

  it('names the earliest of several clashes, whatever the order of the list', () => {
    const candidate = entry('new', { startTime: '08:30', endTime: '10:30' });
    expect(findClash(candidate, week)?.entry.id).toBe('math-7e');
    expect(findClash(candidate, [...week].reverse())?.entry.id).toBe('math-7e');
  });
});

describe('the week grid', () => {
  const at = (startTime: string, endTime: string, dayOfWeek = 1) => ({ dayOfWeek, startTime, endTime });

  it('spans 07:00 to 18:00 by default, 64 px an hour', () => {
    const hours = gridHours([]);
    expect(hours).toEqual({ first: 7, last: 18 });
    expect(gridRowHours(hours)).toEqual([7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]);
    expect(gridHeight(hours)).toBe(11 * 64);
    expect(gridHours([at('12:00', '13:00')])).toEqual({ first: 7, last: 18 });
  });

  it('widens to whole hours to fit every entry', () => {
    expect(gridHours([at('06:30', '07:15')])).toEqual({ first: 6, last: 18 });
    expect(gridHours([at('17:00', '18:30'), at('08:00', '09:00')])).toEqual({ first: 7, last: 19 });
    expect(gridHours([at('17:00', '18:00')])).toEqual({ first: 7, last: 18 });
  });

  it('places a block by its times', () => {
    const hours = { first: 7, last: 18 };
    // 08:30 is 90 minutes below 07:00: 96 px; 45 minutes are 48 px.
    expect(blockBox(at('08:30', '09:15'), hours)).toEqual({ top: 96, height: 48, lane: 0, lanes: 1 });
    expect(blockBox(at('07:00', '08:00'), hours)).toEqual({ top: 0, height: 64, lane: 0, lanes: 1 });
    expect(blockBox(at('06:30', '07:00'), { first: 6, last: 18 })).toEqual({ top: 32, height: 32, lane: 0, lanes: 1 });
  });

  it('sets overlapping entries of a day side by side instead of on top of each other', () => {
    const hours = { first: 7, last: 18 };
    const a = { ...at('08:00', '10:00'), id: 'a' };
    const b = { ...at('09:00', '11:00'), id: 'b' };
    const c = { ...at('10:00', '11:00'), id: 'c' };
    const d = { ...at('13:00', '14:00'), id: 'd' };
    const blocks = dayBlocks([d, c, b, a], hours);
    expect(blocks.map((x) => [x.entry.id, x.box.lane, x.box.lanes])).toEqual([
      ['a', 0, 2],
      ['b', 1, 2],
      ['c', 0, 2], // a has ended at 10:00: c takes its lane
      ['d', 0, 1],
    ]);
    expect(blocks[0]!.box).toMatchObject({ top: 64, height: 128 });
  });

  it('lists a phone week day by day, lessons in time order, days without lessons left out', () => {
    const entries = [
      { ...at('10:15', '11:15', 3), subject: 'Anglais' },
      { ...at('07:00', '08:00', 1), subject: 'Physique' },
      { ...at('07:00', '08:00', 3), subject: 'Chimie' },
      { ...at('07:00', '07:30', 3), subject: 'Mathématiques' },
      { ...at('07:00', '08:00', 3), subject: 'Biologie' },
    ];
    const days = weekByDay(entries, (a, b) => a.subject.localeCompare(b.subject));
    expect(days.map((d) => [d.day, d.entries.map((e) => e.subject)])).toEqual([
      [1, ['Physique']],
      [3, ['Mathématiques', 'Biologie', 'Chimie', 'Anglais']],
    ]);
    expect(weekByDay([])).toEqual([]);
  });

  it('gives each key shown together its own colour, the same every time', () => {
    const colours = colourIndexes(['Physique', 'Anglais', 'Mathématiques', 'Anglais', 'Économie']);
    expect([...colours]).toEqual([
      ['Anglais', 0],
      ['Économie', 1],
      ['Mathématiques', 2],
      ['Physique', 3],
    ]);
    const many = colourIndexes(['k1', 'k2', 'k3', 'k4', 'k5', 'k6', 'k7', 'k8', 'k9']);
    expect(many.get('k8')).toBe(7);
    expect(many.get('k9')).toBe(0);
  });
});
