// The support chat (document 1 §2 'Communications', document 2 §2 'Support', §8): the teacher's
// conversation with the administration (the teacher's Support tab) and the administration's
// side (/admin/contact and the Communications tab): the conversation list with unread badges,
// then the chat of one teacher, whose messages can be selected and deleted.
//
// A sent message shows at once; a failed send removes it and says why; a send without network
// is queued by the service worker and stays marked 'En attente' until the queue delivers it
// (once: the server keeps its Idempotency-Key). Reads poll (5 s the open chat, 15 s the list)
// while the school's socket is closed; while open, the changes come pushed (web/api/live.ts).
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { send, usePolledRead } from '../../api/calls';
import { errorMessage, isQueued } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import { announceLocalChange, useSupportPush } from '../../api/live';
import { Button } from '../../components/Button';
import { selectionDeletion, useConfirmation } from '../../components/ConfirmDialog';
import { SubmitButton } from '../../components/SubmitButton';
import { toast } from '../../components/toast';
import { communicationsText } from '../../i18n/communications';
import { CHAT_POLL_MS, LIST_POLL_MS } from '../../layouts/poll-periods';
import type { SupportMessage, SupportPush } from '../../../worker/contract/support';
import { conversationTag } from '../../../worker/domain/support';
import './support.css';
import { toggled } from '../../components/selection';
import { ErrorNotice, FormError } from '../../components/ErrorNotice';
import { formatInstant } from '../../../worker/domain/format';

const t = communicationsText.support;

type Shown = SupportMessage & {
  pending?: 'sending' | 'queued';
  /** An optimistic message: the ids the conversation held when it was sent (its copy is a new one). */
  before?: ReadonlySet<string>;
};

/** A conversation's pushed change applied to the messages on screen. */
function applyPush(messages: Shown[], push: SupportPush): Shown[] {
  if (push.type === 'message')
    return messages.some((m) => m.id === push.message.id) ? messages : [...messages, push.message];
  if (push.type === 'read')
    return messages.map((m) => (m.sender_role === 'teacher' ? { ...m, is_read_by_admin: true } : m));
  return messages.filter((m) => !push.ids.includes(m.id));
}

/**
 * The optimistic messages the conversation does not hold yet. The server's copy of a message can
 * come pushed or polled before the send's own answer: an outbox message is then matched, once,
 * with a message of the same sender and text the conversation did not hold when it was sent, so it
 * never shows twice (no clock involved: a phone's may be wrong).
 */
function unsent(outbox: Shown[], held: Shown[]): Shown[] {
  const claimed = new Set<string>();
  return outbox.filter((o) => {
    const twin = held.find(
      (m) =>
        !claimed.has(m.id) &&
        (m.id === o.id || (m.sender_role === o.sender_role && m.content === o.content && !o.before?.has(m.id))),
    );
    if (!twin) return true;
    claimed.add(twin.id);
    return false;
  });
}

/**
 * Reads a conversation (polled, pushed) and sends to it with an optimistic message. A teacher's
 * page (`teacherId` null) receives only its own conversation's pushes; the administration's
 * reads none until it opens one.
 */
function useConversation(teacherId: string | null, role: 'teacher' | 'admin') {
  const own = usePolledRead(endpoints.support.teacherMessages, role === 'teacher' ? {} : null, CHAT_POLL_MS);
  const chosen = usePolledRead(
    endpoints.support.messages,
    role === 'admin' && teacherId ? { params: { teacherId } } : null,
    CHAT_POLL_MS,
  );
  const polled = role === 'teacher' ? own : chosen;
  const open = role === 'teacher' || Boolean(teacherId);
  const [outbox, setOutbox] = useState<Shown[]>([]);
  useEffect(() => {
    setOutbox([]);
  }, [teacherId]);

  useSupportPush((push) => {
    if (role === 'admin' && push.teacher_id !== teacherId) return;
    const id = push.teacher_id;
    polled.advance(conversationTag(id, push.version - 1), conversationTag(id, push.version), (messages) =>
      applyPush(messages, push),
    );
    // A queued message delivered by the service worker comes back pushed: the mark goes.
    if (push.type === 'message')
      setOutbox((box) => box.filter((m) => !(m.pending === 'queued' && m.content === push.message.content)));
  }, open);

  const post = async (content: string) => {
    if (!open) return false;
    const local: Shown = {
      id: `local-${crypto.randomUUID()}`,
      teacher_id: teacherId ?? '',
      sender_role: role,
      content,
      created_at: new Date().toISOString(),
      is_read_by_admin: role === 'admin',
      pending: 'sending',
      before: new Set((polled.data ?? []).map((m) => m.id)),
    };
    setOutbox((box) => [...box, local]);
    try {
      const answer = teacherId
        ? await send(endpoints.support.adminSend, { params: { teacherId }, body: { content } })
        : await send(endpoints.support.teacherSend, { body: { content } });
      if (isQueued(answer)) {
        setOutbox((box) => box.map((m) => (m.id === local.id ? { ...m, pending: 'queued' } : m)));
        toast.info(t.queued);
        return true;
      }
      setOutbox((box) => box.filter((m) => m.id !== local.id));
      polled.setData((messages) =>
        messages && !messages.some((m) => m.id === answer.id) ? [...messages, answer] : messages,
      );
      polled.refresh();
      return true;
    } catch (error) {
      // Document 2 §8: the optimistic message is removed and the error shown.
      setOutbox((box) => box.filter((m) => m.id !== local.id));
      toast.error(errorMessage(error));
      return false;
    }
  };

  const messages = polled.data ? [...polled.data, ...unsent(outbox, polled.data)] : null;
  return { messages, error: polled.error, send: post, polled };
}

function Composer({ onSend, disabled }: { onSend: (content: string) => Promise<boolean>; disabled?: boolean }) {
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const content = draft.trim();
    if (!content) return setProblem(t.messageRequired);
    setProblem(null);
    setDraft('');
    void onSend(content).then((sent) => !sent && setDraft((d) => d || content));
  };
  return (
    <form className="chat-composer" onSubmit={submit} noValidate>
      <label className="sr-only" htmlFor="chat-input">
        {t.placeholder}
      </label>
      <textarea
        id="chat-input"
        className="input"
        rows={2}
        maxLength={2000}
        placeholder={t.placeholder}
        value={draft}
        aria-invalid={problem ? 'true' : undefined}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey) submit(e);
        }}
        disabled={disabled}
      />
      <SubmitButton disabled={disabled}>{t.send}</SubmitButton>
      <FormError message={problem} />
    </form>
  );
}

function MessageList({
  messages,
  viewer,
  theirName,
  selected,
  onToggle,
}: {
  messages: Shown[];
  viewer: 'teacher' | 'admin';
  /** Who writes the other side's messages. */
  theirName: string;
  selected?: ReadonlySet<string>;
  onToggle?: (id: string) => void;
}) {
  const end = useRef<HTMLLIElement>(null);
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [messages.length]);
  if (messages.length === 0) return <p className="muted chat-empty">{t.empty}</p>;
  return (
    // It scrolls: a keyboard reaches it (Tab), then scrolls it with the arrows.
    <ol className="chat-messages" aria-live="polite" aria-label={t.messages} tabIndex={0}>
      {messages.map((m) => {
        const own = m.sender_role === viewer;
        return (
          <li
            key={m.id}
            className={`chat-message ${own ? 'is-own' : 'is-theirs'}${m.pending ? ' is-pending' : ''}`}
            data-role={m.sender_role}
          >
            {onToggle && !m.pending && (
              <input
                type="checkbox"
                aria-label={t.select(m.content)}
                checked={selected?.has(m.id) ?? false}
                onChange={() => onToggle(m.id)}
              />
            )}
            <div className="chat-bubble">
              <p>{m.content}</p>
              <small className="muted">
                {own ? t.you : theirName} · {formatInstant(m.created_at, 'dayTime')}
                {m.pending === 'queued' && <span className="badge badge-pending tone-info">{t.pending}</span>}
              </small>
            </div>
          </li>
        );
      })}
      <li ref={end} aria-hidden="true" className="chat-end" />
    </ol>
  );
}

/** The teacher's Support tab. */
export function TeacherSupport() {
  const chat = useConversation(null, 'teacher');
  return (
    <section className="chat card" aria-label={t.title}>
      {chat.messages ? (
        <MessageList messages={chat.messages} viewer="teacher" theirName={t.administration} />
      ) : chat.error ? (
        <ErrorNotice message={chat.error} />
      ) : (
        <p className="muted">{t.loading}</p>
      )}
      <Composer onSend={chat.send} disabled={!chat.messages} />
    </section>
  );
}

/** The administration's side: conversation list, then one teacher's chat. */
export function AdminSupport() {
  const list = usePolledRead(endpoints.support.conversations, {}, LIST_POLL_MS);
  const [teacherId, setTeacherId] = useState<string | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const chat = useConversation(teacherId, 'admin');
  useSupportPush(() => list.refresh());
  useEffect(() => {
    setSelected(new Set());
  }, [teacherId]);

  // Opening a conversation reads it: the teacher's unread messages are marked read.
  const unreadOnScreen = chat.polled.data?.some((m) => m.sender_role === 'teacher' && !m.is_read_by_admin) ?? false;
  const refreshList = list.refresh;
  useEffect(() => {
    if (!teacherId || !unreadOnScreen) return;
    send(endpoints.support.markRead, { params: { teacherId } })
      .then(() => {
        refreshList();
        announceLocalChange();
      })
      .catch((e: unknown) => console.warn('read marks:', errorMessage(e)));
  }, [teacherId, unreadOnScreen, refreshList]);

  const toggle = (id: string) => setSelected((s) => toggled(s, id));

  const deletion = useConfirmation(selectionDeletion(t), async (ids: string[]) => {
    try {
      const answer = await send(endpoints.support.remove, { body: { messageIds: ids } });
      toast.success(isQueued(answer) ? t.queued : t.deleted);
      chat.polled.setData((messages) => messages && messages.filter((m) => !ids.includes(m.id)));
      setSelected(new Set());
      chat.polled.refresh();
      list.refresh();
      announceLocalChange();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });

  const current = list.data?.find((c) => c.teacher_id === teacherId);
  return (
    <div className={`support-admin${teacherId ? ' has-open' : ''}`}>
      <nav className="support-conversations" aria-label={t.conversations}>
        <h2>{t.conversations}</h2>
        {!list.data && (list.error ? <ErrorNotice message={list.error} /> : <p className="muted">{t.loading}</p>)}
        {list.data?.length === 0 && <p className="muted">{t.noTeachers}</p>}
        <ul>
          {list.data?.map((c) => (
            <li key={c.teacher_id}>
              <button
                type="button"
                className={`conversation${c.teacher_id === teacherId ? ' is-active' : ''}`}
                aria-current={c.teacher_id === teacherId ? 'true' : undefined}
                onClick={() => setTeacherId(c.teacher_id)}
              >
                <span>
                  {c.teacher_prenom} {c.teacher_nom}
                </span>
                {c.unread_count > 0 && (
                  <span className="badge badge-unread" aria-label={t.unread(c.unread_count)}>
                    {c.unread_count}
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <section className="chat" aria-label={current ? `${current.teacher_prenom} ${current.teacher_nom}` : t.title}>
        {!teacherId && <p className="muted">{t.chooseTeacher}</p>}
        {teacherId && (
          <>
            <header className="chat-header">
              <Button look="ghost" className="chat-back" onClick={() => setTeacherId(null)}>
                ← {t.back}
              </Button>
              <h2>{current ? `${current.teacher_prenom} ${current.teacher_nom}` : ''}</h2>
              {selected.size > 0 && (
                <Button look="danger" onClick={() => deletion.ask([...selected])}>
                  {t.deleteSelected(selected.size)}
                </Button>
              )}
            </header>
            {chat.messages ? (
              <MessageList
                messages={chat.messages}
                viewer="admin"
                theirName={current?.teacher_prenom ?? ''}
                selected={selected}
                onToggle={toggle}
              />
            ) : chat.error ? (
              <ErrorNotice message={chat.error} />
            ) : (
              <p className="muted">{t.loading}</p>
            )}
            <Composer onSend={chat.send} disabled={!chat.messages} />
          </>
        )}
      </section>
      {deletion.dialog}
    </div>
  );
}

/** /admin/contact. */
export function ContactPage() {
  return (
    <main className="page support-page">
      <h1>{t.contactTitle}</h1>
      <AdminSupport />
    </main>
  );
}
