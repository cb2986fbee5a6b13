// The support chat (document 1 §2 'Communications', §7; document 2 §2 'Support', §7): one
// conversation per teacher with the administration, kept in the school's Durable Object
// (worker/durable/school-hub.ts). Reads answer an ETag from the conversation's last change and
// 304 without a body when the caller already holds it; changes are also pushed over a socket.
import { z } from 'zod';
import { cleanMultilineText } from '../domain/text';
import { id, idSelection } from './common';
import { type Answer, area, del, deletedNotice, get, post, put } from './endpoint';
import { communicationsServerText as t } from './texts/communications';

export const SUPPORT_MESSAGE_MAX = 2000;

/** Document 1 §3 'Support message'. */
export const supportMessage = z.strictObject({
  id: z.string(),
  teacher_id: z.string(),
  sender_role: z.enum(['teacher', 'admin']),
  content: z.string(),
  created_at: z.string(),
  is_read_by_admin: z.boolean(),
});

/** Document 1 §3 'Support conversation', with the time of its last message (null: none yet). */
export const supportConversation = z.strictObject({
  teacher_id: z.string(),
  teacher_prenom: z.string(),
  teacher_nom: z.string(),
  unread_count: z.number(),
  last_at: z.string().nullable(),
});

const content = z
  .string({ error: t.messageRequired })
  .transform(cleanMultilineText)
  .pipe(z.string().min(1, t.messageRequired).max(SUPPORT_MESSAGE_MAX, t.messageTooLong));

const teacherParams = z.object({ teacherId: id(t.teacherNotFound) });

export const supportApi = area('support', {
  teacherMessages: get(
    '/teacher/support-messages',
    "The signed-in teacher's conversation with the administration, its latest 500 messages oldest first (ETag; 304 when unchanged).",
    {
      answers: { 200: z.array(supportMessage) },
    },
  ),
  teacherSend: post(
    '/teacher/support-messages',
    'The teacher writes to the administration; a replay with the same Idempotency-Key answers the message already stored.',
    {
      body: z.object({ content }),
      answers: { 201: supportMessage },
    },
  ),
  conversations: get(
    '/admin/teacher-support/conversations',
    'Every teacher of the school with the unread count of their conversation, latest activity first (ETag; 304 when unchanged).',
    {
      answers: { 200: z.array(supportConversation) },
    },
  ),
  unread: get(
    '/admin/teacher-support/unread',
    "The administration's unread messages over all conversations (ETag; 304 when unchanged).",
    {
      answers: { 200: z.strictObject({ unread: z.number() }) },
    },
  ),
  messages: get(
    '/admin/teacher-support/messages/:teacherId',
    "A teacher's conversation, its latest 500 messages oldest first (ETag; 304 when unchanged).",
    {
      params: teacherParams,
      answers: { 200: z.array(supportMessage) },
    },
  ),
  adminSend: post(
    '/admin/teacher-support/messages/:teacherId',
    'The administration writes to a teacher; a replay with the same Idempotency-Key answers the message already stored.',
    {
      params: teacherParams,
      body: z.object({ content }),
      answers: { 201: supportMessage },
    },
  ),
  markRead: put(
    '/admin/teacher-support/messages/:teacherId/read',
    "Marks the teacher's messages read by the administration.",
    {
      params: teacherParams,
      answers: { 200: z.strictObject({ marked: z.number() }) },
    },
  ),
  remove: del(
    '/admin/teacher-support/messages',
    "Deletes the selected messages (recorded in the audit log); one the school's chat does not hold (another school's, or already deleted) answers 404 and nothing is deleted.",
    {
      body: z.object({ messageIds: idSelection(t.messagesRequired) }),
      answers: { 200: deletedNotice },
    },
  ),
  socket: get(
    '/support/socket',
    "A WebSocket of the caller's open page: the school's chat changes are pushed to it (the page offers the protocols 'portail' and 'bearer.<session token>'; the answer chooses 'portail').",
    {},
  ),
});

export type SupportMessage = z.output<typeof supportMessage>;
export type SupportConversation = z.output<typeof supportConversation>;
export type SupportUnread = Answer<typeof supportApi.unread>;
export type SupportMessagesDeleted = Answer<typeof supportApi.remove>;

/** What the school's hub keeps of a conversation: its messages and the version of its last change. */
export interface SupportConversationState {
  version: number;
  messages: SupportMessage[];
}

/** What a socket receives: a new message, read marks, deleted messages (with the conversation's new version). */
export type SupportPush =
  | { type: 'message'; teacher_id: string; version: number; message: SupportMessage }
  | { type: 'read'; teacher_id: string; version: number }
  | { type: 'deleted'; teacher_id: string; version: number; ids: string[] };
