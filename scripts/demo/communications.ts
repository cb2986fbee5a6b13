// Communications of the demo (issue 15): one announcement to every teacher, one to the demo
// pupil's class (so that 'eleve' sees it), and a support conversation between the demo teacher
// 'prof' and the administration with unread messages. The announcements are D1 rows of the
// seed; the conversation lives in the school's Durable Object, which the seed's local bindings
// do not serve: it is written through the running portal's API once it answers
// (scripts/lib/seed-demo-chat.mjs), the way a teacher and an admin would write it.
import type {
  studentAnnouncementClasses,
  studentAnnouncements,
  teacherAnnouncementRecipients,
  teacherAnnouncements,
} from '../../worker/db/schema';
import { addDays } from '../../worker/domain/dates';
import type { DemoContext } from './context';
import { stamp } from './random';

export function communicationRows(ctx: DemoContext, teacherIds: string[]) {
  const { school, cfg, id, classId, calendar } = ctx;
  // Written in the last days, never before the year began.
  const daysAgo = (n: number) => {
    const day = addDays(calendar.today, -n);
    return day < calendar.span.start ? calendar.span.start : day;
  };
  const toTeachers: typeof teacherAnnouncements.$inferInsert = {
    id: id('announcement:teachers'),
    instanceId: school,
    content: 'Conseil des professeurs vendredi à 14 h en salle des professeurs. Merci de saisir vos notes avant jeudi.',
    createdAt: stamp(daysAgo(3), 9),
  };
  const toClass: typeof studentAnnouncements.$inferInsert = {
    id: id('announcement:students'),
    instanceId: school,
    content: `Sortie pédagogique au Musée du Panthéon National pour la ${cfg.firstStudent.className} : autorisation signée à rapporter avant mercredi.`,
    createdAt: stamp(daysAgo(2), 10),
  };
  return {
    teacherAnnouncements: [toTeachers],
    teacherRecipients: teacherIds.map((teacherId) => ({
      instanceId: school,
      announcementId: toTeachers.id,
      teacherId,
    })) satisfies (typeof teacherAnnouncementRecipients.$inferInsert)[],
    studentAnnouncements: [toClass],
    studentClasses: [
      { instanceId: school, announcementId: toClass.id, classId: classId(cfg.firstStudent.className) },
    ] satisfies (typeof studentAnnouncementClasses.$inferInsert)[],
  };
}

/** The demo conversation, in order: who writes, and whether the administration reads what came before. */
export const DEMO_SUPPORT_CHAT: { from: 'prof' | 'admin'; content: string; readFirst?: boolean }[] = [
  { from: 'prof', content: "Bonjour, le vidéoprojecteur de la salle 3 ne s'allume plus depuis ce matin." },
  { from: 'admin', content: 'Merci de nous prévenir, le technicien passe demain à 8 h.', readFirst: true },
  { from: 'prof', content: "Merci ! Pourriez-vous aussi imprimer le sujet de l'examen de mathématiques ?" },
  { from: 'prof', content: 'Il en faut 20 exemplaires pour jeudi.' },
];

/** A call to the running portal of one school: path under the origin, and its answer's JSON. */
export type SchoolCall = (
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
) => Promise<{ status: number; json: unknown }>;

/**
 * Writes the demo conversation of a school through its API (nothing when the conversation
 * already has messages: a second run adds nothing). Answers the unread count left.
 */
export async function seedDemoChat(call: SchoolCall, password: string): Promise<number> {
  const token = async (username: string) => {
    const res = await call('POST', '/api/login', null, { username, password });
    if (res.status !== 200) throw new Error(`demo chat: sign-in of ${username} answered ${res.status}`);
    return (res.json as { accessToken: string }).accessToken;
  };
  const prof = await token('prof');
  const admin = await token('admin');
  const existing = await call('GET', '/api/teacher/support-messages', prof);
  if (existing.status !== 200) throw new Error(`demo chat: the teacher's conversation answered ${existing.status}`);
  if ((existing.json as unknown[]).length > 0) return -1;
  let teacherId: string | null = null;
  for (const message of DEMO_SUPPORT_CHAT) {
    if (message.from === 'prof') {
      const sent = await call('POST', '/api/teacher/support-messages', prof, { content: message.content });
      if (sent.status !== 201) throw new Error(`demo chat: a message of prof answered ${sent.status}`);
      teacherId = (sent.json as { teacher_id: string }).teacher_id;
      continue;
    }
    if (!teacherId) throw new Error('demo chat: the administration answers a teacher who wrote first');
    if (message.readFirst) await call('PUT', `/api/admin/teacher-support/messages/${teacherId}/read`, admin);
    const sent = await call('POST', `/api/admin/teacher-support/messages/${teacherId}`, admin, {
      content: message.content,
    });
    if (sent.status !== 201) throw new Error(`demo chat: a message of admin answered ${sent.status}`);
  }
  return ((await call('GET', '/api/admin/teacher-support/unread', admin)).json as { unread: number }).unread;
}
