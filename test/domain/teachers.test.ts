// Teachers: the profile, the account's username, removal, assignments (curriculum, one teacher
// per course) and the hand-over of a course to another teacher.
import { describe, expect, it } from 'vitest';
import {
  assignmentProblem,
  canUnassign,
  courseChoices,
  handOverClash,
  removalDecision,
  teacherName,
  teacherProfile,
  teacherUsername,
  teacherUsernameBase,
} from '../../worker/domain/teachers';
import { uniqueUsername, usernameFromNames } from '../../worker/domain/usernames';

describe('the teacher profile', () => {
  const valid = { prenom: 'Marie-Claude', nom: 'Étienne', phone: '', email: '' };

  it('keeps prénom and nom cleaned, phone and e-mail optional', () => {
    expect(teacherProfile({ prenom: '  Marie-Claude ', nom: 'Étienne\u200B', phone: ' ', email: undefined })).toEqual({
      ok: true,
      profile: { prenom: 'Marie-Claude', nom: 'Étienne', phone: null, email: null },
    });
  });

  it('stores the phone as the tutor phone rule does (Haiti by default)', () => {
    const saved = (phone: string) => {
      const result = teacherProfile({ ...valid, phone });
      return result.ok ? result.profile.phone : result.problem;
    };
    expect(saved('3712 3456')).toBe('+509 3712 3456');
    expect(saved('+509 37-12-34-56')).toBe('+509 3712 3456');
    expect(saved('+1 305 555 0100')).toBe('+13055550100');
    expect(saved('3712')).toBe('invalid');
    expect(saved('+1234567890123456')).toBe('invalid'); // 16 digits
    expect(saved('3712 3456 poste 2')).toBe('invalid');
  });

  it('checks the e-mail with the one e-mail rule', () => {
    const result = teacherProfile({ ...valid, email: ' jr.baptiste@college-demo.ht ' });
    expect(result.ok && result.profile.email).toBe('jr.baptiste@college-demo.ht');
    expect(teacherProfile({ ...valid, email: 'jr.baptiste@' })).toEqual({
      ok: false,
      field: 'email',
      problem: 'invalid',
    });
    expect(teacherProfile({ ...valid, email: `${'a'.repeat(190)}@ecole.ht.example` })).toEqual({
      ok: false,
      field: 'email',
      problem: 'tooLong',
    });
  });

  it('requires prénom and nom, in the order of the form', () => {
    expect(teacherProfile({ prenom: '', nom: '' })).toEqual({ ok: false, field: 'prenom', problem: 'required' });
    expect(teacherProfile({ prenom: '\u200B\u3164', nom: 'Étienne' })).toEqual({
      ok: false,
      field: 'prenom',
      problem: 'required',
    });
    expect(teacherProfile({ prenom: 'Marie', nom: '  ' })).toEqual({ ok: false, field: 'nom', problem: 'required' });
    expect(teacherProfile({ prenom: 'M'.repeat(101), nom: 'Étienne' })).toEqual({
      ok: false,
      field: 'prenom',
      problem: 'tooLong',
    });
    expect(teacherProfile({ prenom: 'M'.repeat(100), nom: 'E'.repeat(101) })).toEqual({
      ok: false,
      field: 'nom',
      problem: 'tooLong',
    });
    expect(teacherProfile({ ...valid, phone: '3'.repeat(41) })).toEqual({
      ok: false,
      field: 'phone',
      problem: 'tooLong',
    });
  });

  it('names a teacher Prénom Nom', () => {
    expect(teacherName({ prenom: 'Jean-Robert', nom: 'Baptiste' })).toBe('Jean-Robert Baptiste');
  });
});

describe("the teacher account's username", () => {
  it('is prenom.nom in plain lower-case letters', () => {
    expect(teacherUsername({ prenom: 'Jean-Robert', nom: 'Baptiste' }, [])).toBe('jean-robert.baptiste');
    expect(teacherUsername({ prenom: 'Nadège', nom: 'Toussaint' }, [])).toBe('nadege.toussaint');
    expect(teacherUsername({ prenom: 'Marie Claude', nom: 'Saint-Fleur' }, [])).toBe('marie-claude.saint-fleur');
    expect(teacherUsername({ prenom: 'Œdipe', nom: "D'Haïti" }, [])).toBe('oedipe.d-haiti');
    expect(teacherUsername({ prenom: 'Gérard (Gégé)', nom: 'Estimé' }, [])).toBe('gerard-gege.estime');
  });

  it('gets a number when the school has it already, case aside', () => {
    const taken = ['Jean-Robert.Baptiste', 'jean-robert.baptiste2'];
    expect(teacherUsername({ prenom: 'Jean-Robert', nom: 'Baptiste' }, taken)).toBe('jean-robert.baptiste3');
    expect(teacherUsername({ prenom: 'Jean-Robert', nom: 'Baptiste' }, ['jean-robert.baptiste2'])).toBe(
      'jean-robert.baptiste',
    );
  });

  it('says what the server looks up', () => {
    expect(teacherUsernameBase({ prenom: 'Wilner', nom: 'Casséus' })).toBe('wilner.casseus');
  });

  it('is always a valid username', () => {
    // no letter at all: 'prof'
    expect(teacherUsername({ prenom: '—', nom: '!!' }, [])).toBe('prof');
    expect(teacherUsername({ prenom: '—', nom: '!!' }, ['prof'])).toBe('prof2');
    // one name only
    expect(usernameFromNames('', 'Pierre-Louis', 'prof')).toBe('pierre-louis');
    // shorter than 3 characters: a number at once
    expect(uniqueUsername(usernameFromNames('Li', '', 'x'), [])).toBe('li2');
    // long names are cut to 46 characters, never ending on a separator
    const long = teacherUsername({ prenom: 'Marie-Françoise-Anne', nom: 'De La Rochefoucauld-Saint-Ange' }, []);
    expect(long).toBe('marie-francoise-anne.de-la-rochefoucauld-saint');
    expect(long.length).toBeLessThanOrEqual(46);
    expect(teacherUsername({ prenom: 'Marie-Françoise-Anne', nom: 'De La Rochefoucauld-Saint-Ange' }, [long])).toBe(
      `${long}2`,
    );
  });
});

describe('removing a teacher', () => {
  it('is refused while they teach in the current year', () => {
    expect(removalDecision(['2025-2026'], '2025-2026')).toEqual({ action: 'refuse', assignments: 1 });
    expect(removalDecision(['2024-2025', '2025-2026', '2025-2026'], '2025-2026')).toEqual({
      action: 'refuse',
      assignments: 2,
    });
  });

  it('is refused too for a year prepared after the current one', () => {
    expect(removalDecision(['2026-2027'], '2025-2026')).toEqual({ action: 'refuse', assignments: 1 });
  });

  it('archives a teacher of past years only, and deletes one never assigned', () => {
    expect(removalDecision(['2023-2024', '2024-2025'], '2025-2026')).toEqual({ action: 'archive' });
    expect(removalDecision([], '2025-2026')).toEqual({ action: 'delete' });
  });

  it('counts every assignment when the school has no current year', () => {
    expect(removalDecision(['2024-2025'], null)).toEqual({ action: 'refuse', assignments: 1 });
    expect(removalDecision([], null)).toEqual({ action: 'delete' });
  });
});

describe('assignments', () => {
  const curriculum = [
    { classId: '7e', className: '7e AF', subjectId: 'math', subjectName: 'Mathématiques' },
    { classId: '7e', className: '7e AF', subjectId: 'fr', subjectName: 'Français' },
    { classId: '8e', className: '8e AF', subjectId: 'math', subjectName: 'Mathématiques' },
  ];
  const assignments = [
    { id: 'a1', teacherId: 'baptiste', classId: '7e', subjectId: 'math' },
    { id: 'a2', teacherId: 'etienne', classId: '7e', subjectId: 'fr' },
  ];

  it("take a subject of the class's curriculum for the year", () => {
    expect(assignmentProblem('baptiste', { classId: '8e', subjectId: 'math' }, curriculum, assignments)).toBeNull();
    expect(assignmentProblem('baptiste', { classId: '8e', subjectId: 'fr' }, curriculum, assignments)).toEqual({
      problem: 'notInCurriculum',
    });
  });

  it('give a course one teacher, named when another has it', () => {
    expect(assignmentProblem('baptiste', { classId: '7e', subjectId: 'fr' }, curriculum, assignments)).toEqual({
      problem: 'taken',
      assignment: assignments[1],
    });
    expect(assignmentProblem('baptiste', { classId: '7e', subjectId: 'math' }, curriculum, assignments)).toEqual({
      problem: 'already',
      assignment: assignments[0],
    });
  });

  it("are offered in the curriculum's order: mine, free, or whose", () => {
    expect(
      courseChoices('baptiste', curriculum, assignments).map((c) => [c.className, c.subjectName, c.state]),
    ).toEqual([
      ['7e AF', 'Mathématiques', 'mine'],
      ['7e AF', 'Français', 'taken'],
      ['8e AF', 'Mathématiques', 'free'],
    ]);
    const taken = courseChoices('baptiste', curriculum, assignments)[1]!;
    expect(taken.state === 'taken' && taken.assignment.teacherId).toBe('etienne');
  });

  it('are deleted only while no roll call nor resource belongs to them', () => {
    expect(canUnassign({ attendanceMarks: 0, resources: 0 })).toBe(true);
    expect(canUnassign({ attendanceMarks: 1, resources: 0 })).toBe(false);
    expect(canUnassign({ attendanceMarks: 0, resources: 2 })).toBe(false);
  });
});

describe('handing a course over to another teacher', () => {
  const slot = (
    id: string,
    teacherId: string,
    classId: string,
    dayOfWeek: number,
    startTime: string,
    endTime: string,
  ) => ({
    id,
    yearId: 'y1',
    teacherId,
    classId,
    dayOfWeek,
    startTime,
    endTime,
  });
  // Baptiste's maths in 7e: Monday 08:00-09:00 and Wednesday 10:15-11:15.
  const course = [slot('m1', 'baptiste', '7e', 1, '08:00', '09:00'), slot('m2', 'baptiste', '7e', 3, '10:15', '11:15')];

  it('is free when the new teacher has no lesson at those times', () => {
    const year = [
      ...course,
      slot('p1', 'alexis', 'ns3', 1, '09:00', '10:00'),
      slot('p2', 'alexis', 'ns3', 3, '08:00', '10:15'),
    ];
    expect(handOverClash(course, year, 'alexis')).toBeNull();
  });

  it("names the course's entry and the new teacher's lesson it clashes with", () => {
    const lesson = slot('p3', 'alexis', 'philo', 3, '11:00', '12:00');
    const year = [...course, lesson];
    expect(handOverClash(course, year, 'alexis')).toEqual({
      moved: course[1],
      clash: { entry: lesson, reason: 'teacher' },
    });
  });

  it("ignores the course's own entries", () => {
    expect(handOverClash(course, course, 'alexis')).toBeNull();
  });
});
