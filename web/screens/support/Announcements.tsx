// Announcements of the administration (document 1 §2 'Communications', §5, §8): to teachers
// (compose, recipients with a select-all, history with multi-delete) and to students (compose,
// target classes: none or all ticked sends an empty list, meaning every class; history with
// multi-delete). Teachers read theirs in their banner; students in their portal.
import { type FormEvent, type ReactNode, useState } from 'react';
import { useRead } from '../../api/calls';
import { endpoints } from '../../api/endpoints';
import type { Route } from '../../api/route';
import type { ApiState } from '../../api/useApi';
import { useWrite } from '../../api/useWrite';
import { Button } from '../../components/Button';
import { selectionDeletion, useConfirmation } from '../../components/ConfirmDialog';
import { SubmitButton } from '../../components/SubmitButton';
import { toast } from '../../components/toast';
import { communicationsText } from '../../i18n/communications';
import './support.css';
import { toggled } from '../../components/selection';
import { ErrorNotice } from '../../components/ErrorNotice';
import type { communicationsApi } from '../../../worker/contract/communications';
import { formatInstant } from '../../../worker/domain/format';

const t = communicationsText.announcements;

/** The compose form: the text, the choices (checkboxes with a select-all), the send button. */
function Compose({
  choices,
  chosen,
  setChosen,
  legend,
  hint,
  busy,
  onSend,
}: {
  choices: { id: string; label: string }[];
  chosen: ReadonlySet<string>;
  setChosen: (next: Set<string>) => void;
  legend: string;
  hint?: string;
  busy: boolean;
  onSend: (content: string) => Promise<boolean>;
}) {
  const [content, setContent] = useState('');
  const all = choices.length > 0 && choices.every((c) => chosen.has(c.id));
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await onSend(content)) setContent('');
  };
  return (
    <form className="card announcement-compose" onSubmit={(e) => void submit(e)} noValidate>
      <h3>{t.compose}</h3>
      <label className="field">
        <span>{t.content}</span>
        <textarea
          className="input"
          rows={3}
          maxLength={2000}
          value={content}
          onChange={(e) => setContent(e.target.value)}
        />
      </label>
      <fieldset className="announcement-choices">
        <legend>{legend}</legend>
        {hint && <p className="muted small">{hint}</p>}
        <label>
          <input
            type="checkbox"
            checked={all}
            onChange={() => setChosen(all ? new Set() : new Set(choices.map((c) => c.id)))}
          />{' '}
          {t.selectAll}
        </label>
        {choices.map((c) => (
          <label key={c.id}>
            <input type="checkbox" checked={chosen.has(c.id)} onChange={() => setChosen(toggled(chosen, c.id))} />{' '}
            {c.label}
          </label>
        ))}
      </fieldset>
      <SubmitButton busy={busy}>{t.send}</SubmitButton>
    </form>
  );
}

/** The history: each announcement with a checkbox, and the delete of the selection. */
function History<T extends { id: string; content: string; created_at: string }>({
  state,
  describe,
  remove,
}: {
  state: ApiState<T[]>;
  describe: (item: T) => ReactNode;
  remove: Route<typeof communicationsApi.teacherRemove | typeof communicationsApi.studentRemove>;
}) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const { write } = useWrite(state);
  const deletion = useConfirmation(selectionDeletion(t), async (ids: string[]) => {
    const outcome = await write(
      remove,
      { body: { announcementIds: ids } },
      {
        // The spec's notice (document 1) when the selection went; the server's count otherwise.
        success: (a) => (a.deleted > 0 ? t.deleted : a.message),
        offline: (items) => items.filter((x) => !ids.includes(x.id)),
      },
    );
    if (outcome) setSelected(new Set());
  });
  const items = state.data;
  if (!items)
    return state.error ? (
      <ErrorNotice message={state.error} />
    ) : (
      <p className="muted">{communicationsText.support.loading}</p>
    );
  return (
    <section className="announcement-history" aria-label={t.history} data-path={state.path}>
      <header className="chat-header">
        <h3>{t.history}</h3>
        {selected.size > 0 && (
          <Button look="danger" onClick={() => deletion.ask([...selected])}>
            {t.deleteSelected(selected.size)}
          </Button>
        )}
      </header>
      <ul>
        {items.map((item) => (
          <li key={item.id} className="card announcement-item">
            <input
              type="checkbox"
              aria-label={t.select(item.content)}
              checked={selected.has(item.id)}
              onChange={() => setSelected((s) => toggled(s, item.id))}
            />
            <div>
              <p>{item.content}</p>
              <small className="muted">
                {formatInstant(item.created_at, 'dateTime')} · {describe(item)}
              </small>
            </div>
          </li>
        ))}
      </ul>
      {deletion.dialog}
    </section>
  );
}

const { communications } = endpoints;

export function TeacherAnnouncements() {
  const history = useRead(communications.teacherList, {});
  // The school's teachers, as the support list names them.
  const teachers = useRead(endpoints.support.conversations, {});
  const { write, busy } = useWrite(history);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const choices = [...(teachers.data ?? [])]
    .sort(
      (x, y) =>
        x.teacher_nom.localeCompare(y.teacher_nom, 'fr') || x.teacher_prenom.localeCompare(y.teacher_prenom, 'fr'),
    )
    .map((c) => ({ id: c.teacher_id, label: `${c.teacher_prenom} ${c.teacher_nom}` }));
  const onSend = async (content: string) => {
    if (!content.trim() || chosen.size === 0) {
      toast.error(t.teacherInvalid);
      return false;
    }
    const outcome = await write(
      communications.teacherCreate,
      { body: { content, teacher_ids: [...chosen] } },
      {
        success: (a) => a.message,
      },
    );
    if (outcome) setChosen(new Set());
    return Boolean(outcome);
  };
  return (
    <div className="announcements">
      {teachers.data?.length === 0 ? (
        <p className="muted">{t.noTeachers}</p>
      ) : (
        <Compose
          choices={choices}
          chosen={chosen}
          setChosen={setChosen}
          legend={t.recipients}
          busy={busy}
          onSend={onSend}
        />
      )}
      <History
        state={history}
        describe={(a) => t.to(a.recipients.map((r) => `${r.prenom} ${r.nom}`).join(', '))}
        remove={communications.teacherRemove}
      />
    </div>
  );
}

export function StudentAnnouncements() {
  const history = useRead(communications.studentList, {});
  const classes = useRead(endpoints.classes.list, {});
  const { write, busy } = useWrite(history);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const choices = (classes.data ?? []).map((c) => ({ id: c.id, label: c.name }));
  const onSend = async (content: string) => {
    if (!content.trim()) {
      toast.error(t.studentInvalid);
      return false;
    }
    // Document 1 §5: no class or every class ticked sends an empty list (every class).
    const names = choices.filter((c) => chosen.has(c.id)).map((c) => c.label);
    const target = names.length === choices.length ? [] : names;
    const outcome = await write(
      communications.studentCreate,
      { body: { content, target_class_names: target } },
      {
        success: (a) => a.message,
      },
    );
    if (outcome) setChosen(new Set());
    return Boolean(outcome);
  };
  return (
    <div className="announcements">
      <Compose
        choices={choices}
        chosen={chosen}
        setChosen={setChosen}
        legend={t.classes}
        hint={t.allClassesHint}
        busy={busy}
        onSend={onSend}
      />
      <History
        state={history}
        describe={(a) => t.to(a.target_class_names.length ? a.target_class_names.join(', ') : t.allClasses)}
        remove={communications.studentRemove}
      />
    </div>
  );
}
