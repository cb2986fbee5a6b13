// Announcements of the administration (issue 15): to teachers (recipients named, the teacher's
// own list), to students (target classes, empty = all; a student sees their class's and the
// all-classes ones), history with multi-delete and audit, validation messages, permissions and
// schools kept apart.
import { describe, expect, it } from 'vitest';
import type {
  StudentAnnouncement,
  StudentAnnouncementItem,
  TeacherAnnouncementItem,
} from '../../worker/contract/communications';
import type { TeacherAnnouncement } from '../../worker/contract/teacher';
import { seedStudents } from './fixtures-academic';
import { schoolWithCourses } from './fixtures-teaching';
import { bodyOf, call, sql, tokenFor } from './helpers';

/** The school of the teaching fixture with a pupil's account in 7e AF ('eleve') and one in 8e AF ('eleve8'). */
async function schoolWithPupils() {
  const base = await schoolWithCourses();
  const { school, yearId, classIds } = base;
  const { studentIds } = await seedStudents(school.id, { yearId, classIds }, [
    { nom: 'Joseph', prenom: 'Anne', className: '7e AF' },
    { nom: 'Pierre', prenom: 'Marc', className: '8e AF' },
  ]);
  await school.db.batch([
    sql(school, 'UPDATE users SET student_id = ? WHERE id = ?', studentIds[0], school.userIdByName.get('eleve')),
    sql(
      school,
      "INSERT INTO users (id, instance_id, username, password_hash, account_type, status, student_id) SELECT ?, instance_id, 'eleve8', password_hash, 'student', 'active', ? FROM users WHERE id = ?",
      crypto.randomUUID(),
      studentIds[1],
      school.userIdByName.get('eleve'),
    ),
  ]);
  return base;
}

describe('announcements to teachers', () => {
  it('sends to the chosen teachers, who see it, lists it with recipients, and deletes a selection', async () => {
    const { school, teacher } = await schoolWithCourses();
    const admin = await tokenFor(school, 'admin');
    const sent = await call(school, admin, 'POST', '/api/admin/teacher-announcements', {
      content: '  Réunion vendredi à 14 h.  ',
      teacher_ids: [teacher.prof, teacher.other],
    });
    expect(sent.status).toBe(201);
    expect((await bodyOf(sent)).message).toBe('Annonce envoyée.');
    await call(school, admin, 'POST', '/api/admin/teacher-announcements', {
      content: 'Seulement pour Marie.',
      teacher_ids: [teacher.other],
    });

    const list = await bodyOf<TeacherAnnouncementItem[]>(
      await call(school, admin, 'GET', '/api/admin/teacher-announcements'),
    );
    expect(list.map((a) => [a.content, a.recipients.map((r) => `${r.prenom} ${r.nom}`)])).toEqual([
      ['Seulement pour Marie.', ['Marie Étienne']],
      ['Réunion vendredi à 14 h.', ['Jean-Robert Baptiste', 'Marie Étienne']],
    ]);
    // 'prof' is Jean-Robert: only the first.
    const prof = await tokenFor(school, 'prof');
    expect(
      (await bodyOf<TeacherAnnouncement[]>(await call(school, prof, 'GET', '/api/teacher/announcements'))).map(
        (a) => a.content,
      ),
    ).toEqual(['Réunion vendredi à 14 h.']);

    const removed = await call(school, admin, 'DELETE', '/api/admin/teacher-announcements', {
      announcementIds: list.map((a) => a.id),
    });
    expect(await bodyOf(removed)).toEqual({ message: '2 annonces supprimées.', deleted: 2 });
    expect(await bodyOf(await call(school, admin, 'GET', '/api/admin/teacher-announcements'))).toEqual([]);
    expect(await bodyOf(await call(school, prof, 'GET', '/api/teacher/announcements'))).toEqual([]);
    const audit = await sql(
      school,
      "SELECT action_type FROM audit_log WHERE instance_id = ? AND action_type LIKE 'TEACHER_ANNOUNCEMENT_%' ORDER BY id",
      school.id,
    ).all<{ action_type: string }>();
    expect(audit.results.map((r) => r.action_type)).toEqual([
      'TEACHER_ANNOUNCEMENT_CREATE',
      'TEACHER_ANNOUNCEMENT_CREATE',
      'TEACHER_ANNOUNCEMENT_DELETE',
    ]);
    // The deletion names the announcements by their text (they are gone).
    const deletion = await sql(
      school,
      "SELECT target_name, details FROM audit_log WHERE instance_id = ? AND action_type = 'TEACHER_ANNOUNCEMENT_DELETE'",
      school.id,
    ).first<{ target_name: string; details: string }>();
    expect(deletion!.target_name).toBe('2 annonces');
    expect(JSON.parse(deletion!.details)).toEqual({
      annonces: ['Seulement pour Marie.', 'Réunion vendredi à 14 h.'],
    });
  });

  it('answers the validation message without content or recipient, and 404 for another school’s teacher', async () => {
    const { school, teacher } = await schoolWithCourses();
    const other = await schoolWithCourses();
    const admin = await tokenFor(school, 'admin');
    for (const body of [
      { content: '   ', teacher_ids: [teacher.prof] },
      { content: 'Bonjour', teacher_ids: [] },
      { content: 'Bonjour' },
    ]) {
      const res = await call(school, admin, 'POST', '/api/admin/teacher-announcements', body);
      expect(res.status).toBe(400);
      expect((await bodyOf(res)).message).toBe(
        'Veuillez rédiger une annonce et sélectionner au moins un destinataire.',
      );
    }
    const foreign = await call(school, admin, 'POST', '/api/admin/teacher-announcements', {
      content: 'Bonjour',
      teacher_ids: [teacher.prof, other.teacher.prof],
    });
    expect(foreign.status).toBe(404);
    expect((await bodyOf(foreign)).message).toBe('Un des professeurs choisis est introuvable.');
    // Deleting another school's announcement changes nothing there and answers 404, like an unknown
    // id; a selection holding one deletes nothing.
    const otherAdmin = await tokenFor(other.school, 'admin');
    const { id } = await bodyOf<{ id: string }>(
      await call(other.school, otherAdmin, 'POST', '/api/admin/teacher-announcements', {
        content: 'Chez B',
        teacher_ids: [other.teacher.prof],
      }),
    );
    const { id: own } = await bodyOf<{ id: string }>(
      await call(school, admin, 'POST', '/api/admin/teacher-announcements', {
        content: 'Chez A',
        teacher_ids: [teacher.prof],
      }),
    );
    for (const announcementIds of [[id], [own, id], [crypto.randomUUID()]]) {
      const foreign = await call(school, admin, 'DELETE', '/api/admin/teacher-announcements', { announcementIds });
      expect(foreign.status).toBe(404);
      expect(await bodyOf(foreign)).toEqual({
        message: 'Une des annonces choisies est introuvable.',
        code: 'not_found',
      });
    }
    expect(
      (
        await bodyOf(
          await call(school, admin, 'DELETE', '/api/admin/teacher-announcements', { announcementIds: [own] }),
        )
      ).message,
    ).toBe('Annonce supprimée.');
    expect(
      await bodyOf<TeacherAnnouncementItem[]>(
        await call(other.school, otherAdmin, 'GET', '/api/admin/teacher-announcements'),
      ),
    ).toHaveLength(1);
    expect(await bodyOf(await call(school, admin, 'GET', '/api/admin/teacher-announcements'))).toEqual([]);
  });
});

describe('announcements to students', () => {
  it("reaches the target class's students only; an empty target list reaches every class", async () => {
    const { school } = await schoolWithPupils();
    const admin = await tokenFor(school, 'admin');
    const to7 = await call(school, admin, 'POST', '/api/admin/student-announcements', {
      content: 'Sortie au musée pour la 7e AF.',
      target_class_names: ['7e af'],
    });
    expect(to7.status).toBe(201);
    expect((await bodyOf(to7)).message).toBe('Annonce envoyée aux élèves.');
    await call(school, admin, 'POST', '/api/admin/student-announcements', {
      content: 'Congé lundi pour tous.',
      target_class_names: [],
    });

    const list = await bodyOf<StudentAnnouncementItem[]>(
      await call(school, admin, 'GET', '/api/admin/student-announcements'),
    );
    expect(list.map((a) => [a.content, a.target_class_names])).toEqual([
      ['Congé lundi pour tous.', []],
      ['Sortie au musée pour la 7e AF.', ['7e AF']],
    ]);
    const in7 = await tokenFor(school, 'eleve');
    const in8 = await tokenFor(school, 'eleve8');
    expect(
      (await bodyOf<StudentAnnouncement[]>(await call(school, in7, 'GET', '/api/student/announcements'))).map(
        (a) => a.content,
      ),
    ).toEqual(['Congé lundi pour tous.', 'Sortie au musée pour la 7e AF.']);
    expect(
      (await bodyOf<StudentAnnouncement[]>(await call(school, in8, 'GET', '/api/student/announcements'))).map(
        (a) => a.content,
      ),
    ).toEqual(['Congé lundi pour tous.']);

    expect(
      await bodyOf(
        await call(school, admin, 'DELETE', '/api/admin/student-announcements', { announcementIds: [list[1]!.id] }),
      ),
    ).toEqual({ message: 'Annonce supprimée.', deleted: 1 });
    // Another school's id answers 404, like an unknown one.
    const other = await schoolWithCourses();
    const otherAdmin = await tokenFor(other.school, 'admin');
    const { id: foreignId } = await bodyOf<{ id: string }>(
      await call(other.school, otherAdmin, 'POST', '/api/admin/student-announcements', {
        content: 'Chez B',
        target_class_names: [],
      }),
    );
    const foreign = await call(school, admin, 'DELETE', '/api/admin/student-announcements', {
      announcementIds: [foreignId],
    });
    expect(foreign.status).toBe(404);
    expect((await bodyOf(foreign)).message).toBe('Une des annonces choisies est introuvable.');
    expect(
      await bodyOf<StudentAnnouncementItem[]>(
        await call(other.school, otherAdmin, 'GET', '/api/admin/student-announcements'),
      ),
    ).toHaveLength(1);
    expect(
      (await bodyOf<StudentAnnouncement[]>(await call(school, in7, 'GET', '/api/student/announcements'))).map(
        (a) => a.content,
      ),
    ).toEqual(['Congé lundi pour tous.']);
  });

  it('answers the validation messages, 404 for an unknown class, and refuses other accounts', async () => {
    const { school } = await schoolWithPupils();
    const other = await schoolWithCourses();
    const admin = await tokenFor(school, 'admin');
    const blank = await call(school, admin, 'POST', '/api/admin/student-announcements', {
      content: ' ',
      target_class_names: [],
    });
    expect(blank.status).toBe(400);
    expect((await bodyOf(blank)).message).toBe('Veuillez rédiger une annonce.');
    const unknown = await call(school, admin, 'POST', '/api/admin/student-announcements', {
      content: 'x',
      target_class_names: ['Philo'],
    });
    expect(unknown.status).toBe(404);
    expect((await bodyOf(unknown)).message).toBe('Une des classes choisies est introuvable.');
    const none = await call(school, admin, 'DELETE', '/api/admin/student-announcements', { announcementIds: [] });
    expect((await bodyOf(none)).message).toBe('Veuillez sélectionner au moins une annonce.');

    const [secretary, prof, student] = await Promise.all([
      tokenFor(school, 'secretaire'),
      tokenFor(school, 'prof'),
      tokenFor(school, 'eleve'),
    ]);
    for (const token of [secretary, prof, student]) {
      for (const path of ['/api/admin/student-announcements', '/api/admin/teacher-announcements'])
        expect((await call(school, token, 'GET', path)).status).toBe(403);
    }
    for (const token of [secretary, prof, admin])
      expect((await call(school, token, 'GET', '/api/student/announcements')).status).toBe(403);
    // A student of another school reads nothing of this one.
    const otherStudent = await tokenFor(other.school, 'eleve');
    expect(await bodyOf(await call(other.school, otherStudent, 'GET', '/api/student/announcements'))).toEqual([]);
  });
});
