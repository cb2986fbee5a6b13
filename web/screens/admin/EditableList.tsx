// The list editor of the periods, classes and subjects tabs: add by name (a blank name, or one
// of invisible characters only, is ignored), edit in place, delete after a confirmation that
// states the tab's warning. Its writes go through the one write hook: a queued add, rename or
// delete shows at once in the list and in its offline copy. A tab names its area once: the
// area's key is the same in the admin texts, the server's notices and the endpoints.
import { type FormEvent, useId, useState } from 'react';
import type { endpoints } from '../../api/endpoints';
import type { Route } from '../../api/route';
import type { ApiState } from '../../api/useApi';
import { removal, useWrite, type WriteNotices, type WriteOutcome } from '../../api/useWrite';
import { Button } from '../../components/Button';
import { useConfirmation } from '../../components/ConfirmDialog';
import { SubmitButton } from '../../components/SubmitButton';
import { ErrorNotice } from '../../components/ErrorNotice';
import { toast } from '../../components/toast';
import { adminServerText, adminText } from '../../i18n/admin';
import { offlineText } from '../../i18n/offline';
import type { Endpoint } from '../../../worker/contract/endpoint';
import { cleanText } from '../../../worker/domain/text';

export interface ListItem {
  id: string;
  name: string;
  order_index?: number;
  start_date?: string | null;
}

const c = adminText.common;

/** What the list reads of its area's admin texts. */
interface ListTexts {
  newItem: string;
  empty: string;
  deleteTitle: (name: string) => string;
  deleteWarning: string;
  /** Classes: their order, edited with the name. */
  order?: string;
  orderOf?: (name: string) => string;
  /** Periods: the day they start, edited with the name. */
  startDateOf?: (name: string) => string;
  startsOn?: (date: string) => string;
}

/** The areas edited as a list (contract's `editableList`: add, save `:id` and delete `:id`). */
export type ListArea = 'periods' | 'classes' | 'subjects';

export function EditableList<T extends ListItem, A extends ListArea>({
  area,
  calls,
  list,
  scope,
  added,
  sort,
  reload,
}: {
  /** The area's key in the admin texts and the server's notices. */
  area: A;
  /** Its endpoints (`endpoints[area]`, named by the tab: docs/map.md finds the calls there). */
  calls: (typeof endpoints)[A];
  list: ApiState<T[]>;
  /** Sent with every add and save besides the name (the year of a period). */
  scope?: Record<string, string>;
  /** The local copy of an added item, shown while the add is queued. */
  added: (name: string, list: T[]) => T;
  /** The list's order, kept by queued changes. */
  sort?: (list: T[]) => T[];
  /** What a saved change refreshes (default: the list). */
  reload?: () => void;
}) {
  const texts: ListTexts = adminText[area];
  const done = adminServerText[area];
  const newId = useId();
  const [name, setName] = useState('');
  const [editing, setEditing] = useState<{ id: string; name: string; order: string; date: string } | null>(null);
  const { write, busy } = useWrite(list, { reload });
  // The tabs' endpoints differ only by the fields their bodies add to the name (order, start
  // date, year): called here with the arguments they share.
  const send = write as (
    endpoint: Route<Endpoint>,
    args: { params?: { id: string }; body?: object },
    notices: WriteNotices<unknown, T[]>,
  ) => Promise<WriteOutcome<unknown>>;
  const { create, update, remove: del } = calls;
  const sorted = (update: (items: T[]) => T[]) => (items: T[]) => (sort ?? ((x) => x))(update(items));
  const ordered = texts.order !== undefined;
  const dated = texts.startDateOf !== undefined;

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const clean = cleanText(name);
    if (!clean) return;
    const outcome = await send(
      create,
      { body: { name: clean, ...scope } },
      {
        success: done.added,
        offline: sorted((items) => [...items, added(clean, items)]),
      },
    );
    if (outcome) setName('');
  };

  const save = async (event: FormEvent, item: T) => {
    event.preventDefault();
    const clean = editing ? cleanText(editing.name) : '';
    if (!editing || !clean) return;
    const typedOrder = editing.order.trim();
    // A whole number, or refused here (a number field once dropped what a French keyboard typed).
    if (ordered && typedOrder !== '' && !/^\d{1,5}$/.test(typedOrder))
      return toast.error(adminServerText.classes.invalidOrder);
    const order = ordered && typedOrder !== '' ? { order_index: Number(typedOrder) } : {};
    const date = dated ? { start_date: editing.date || null } : {};
    const outcome = await send(
      update,
      { params: { id: item.id }, body: { name: clean, ...order, ...date, ...scope } },
      {
        success: done.updated,
        queued: offlineText.queued.modification,
        offline: sorted((items) => items.map((x) => (x.id === item.id ? { ...x, name: clean, ...order, ...date } : x))),
      },
    );
    if (outcome) setEditing(null);
  };

  // Closed whatever the answer: a refusal (with its reason) comes as an error toast.
  const deletion = useConfirmation(
    (item: T) => ({ title: texts.deleteTitle(item.name), confirmLabel: c.delete, body: texts.deleteWarning }),
    (item: T) => send(del, { params: { id: item.id } }, removal(item.id, done.deleted)),
  );

  return (
    <div className="editable-list">
      <form className="toolbar inline-form" onSubmit={add}>
        <div className="field">
          <label htmlFor={newId}>{texts.newItem}</label>
          <input id={newId} className="input" value={name} onChange={(e) => setName(e.target.value)} maxLength={100} />
        </div>
        <SubmitButton busy={busy}>{c.add}</SubmitButton>
      </form>
      <ErrorNotice message={list.error} />
      {list.data?.length === 0 && <p className="muted">{texts.empty}</p>}
      <ul className="bare-list item-list">
        {list.data?.map((item) =>
          editing?.id === item.id ? (
            <li key={item.id}>
              <form className="item-edit" onSubmit={(e) => save(e, item)}>
                <input
                  className="input"
                  aria-label={c.rename(item.name)}
                  value={editing.name}
                  onChange={(e) => setEditing({ ...editing, name: e.target.value })}
                  maxLength={100}
                  autoFocus
                />
                {ordered && (
                  <input
                    className="input item-order"
                    inputMode="numeric"
                    autoComplete="off"
                    aria-label={texts.orderOf?.(item.name)}
                    value={editing.order}
                    onChange={(e) => setEditing({ ...editing, order: e.target.value })}
                  />
                )}
                {dated && (
                  <input
                    className="input item-date"
                    type="date"
                    aria-label={texts.startDateOf?.(item.name)}
                    value={editing.date}
                    onChange={(e) => setEditing({ ...editing, date: e.target.value })}
                  />
                )}
                <SubmitButton busy={busy}>{c.save}</SubmitButton>
                <Button onClick={() => setEditing(null)}>{c.cancel}</Button>
              </form>
            </li>
          ) : (
            <li key={item.id}>
              {ordered && (
                <span className="item-badge" title={texts.order}>
                  {item.order_index}
                </span>
              )}
              <span className="item-name">
                {item.name}
                {dated && item.start_date && (
                  <span className="muted small"> · {texts.startsOn?.(item.start_date)}</span>
                )}
              </span>
              <RowActions
                name={item.name}
                onEdit={() =>
                  setEditing({
                    id: item.id,
                    name: item.name,
                    order: String(item.order_index ?? ''),
                    date: item.start_date ?? '',
                  })
                }
                onDelete={() => deletion.ask(item)}
              />
            </li>
          ),
        )}
      </ul>
      {deletion.dialog}
    </div>
  );
}

/** 'Modifier' and 'Supprimer' of a list row, named after the row for screen readers. */
export function RowActions({
  name,
  disabled,
  title,
  onEdit,
  onDelete,
}: {
  name: string;
  disabled?: boolean;
  title?: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <span className="item-actions" title={title}>
      <Button disabled={disabled} aria-label={`${c.edit} ${name}`} onClick={onEdit}>
        {c.edit}
      </Button>
      <Button className="danger-text" disabled={disabled} aria-label={`${c.delete} ${name}`} onClick={onDelete}>
        {c.delete}
      </Button>
    </span>
  );
}
