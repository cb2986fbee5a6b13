// The list editor of the periods, classes and subjects tabs: add by name (a blank name, or one
// of invisible characters only, is ignored), edit in place, delete after a confirmation that
// states the tab's warning.
import { type FormEvent, useId, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { adminText } from '../../i18n/admin';
import { cleanText } from '../../../worker/domain/text';

export interface ListItem {
  id: string;
  name: string;
  order_index?: number;
}

const c = adminText.common;

export interface EditableListProps<T extends ListItem> {
  items: T[] | null;
  error: string | null;
  newLabel: string;
  emptyText: string;
  renameLabel: (name: string) => string;
  deleteTitle: (name: string) => string;
  deleteWarning: string;
  order?: { label: string; of: (name: string) => string };
  /** Each answers whether the change went through (then the form resets). */
  onAdd: (name: string) => Promise<boolean>;
  onSave: (item: T, name: string, orderIndex: number | undefined) => Promise<boolean>;
  onDelete: (item: T) => Promise<boolean>;
}

export function EditableList<T extends ListItem>(props: EditableListProps<T>) {
  const { items, error, order } = props;
  const newId = useId();
  const [name, setName] = useState('');
  const [editing, setEditing] = useState<{ id: string; name: string; order: string } | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<boolean>, after: () => void) => {
    setBusy(true);
    const ok = await action();
    setBusy(false);
    if (ok) after();
  };

  const add = (event: FormEvent) => {
    event.preventDefault();
    const clean = cleanText(name);
    if (!clean) return;
    void run(() => props.onAdd(clean), () => setName(''));
  };

  const save = (event: FormEvent, item: T) => {
    event.preventDefault();
    const clean = editing ? cleanText(editing.name) : '';
    if (!editing || !clean) return;
    const orderIndex = order && editing.order.trim() !== '' ? Number(editing.order) : undefined;
    void run(() => props.onSave(item, clean, orderIndex), () => setEditing(null));
  };

  return (
    <div className="editable-list">
      <form className="inline-form" onSubmit={add}>
        <div className="field">
          <label htmlFor={newId}>{props.newLabel}</label>
          <input id={newId} className="input" value={name} onChange={(e) => setName(e.target.value)} maxLength={100} />
        </div>
        <button type="submit" className="btn" disabled={busy}>
          {c.add}
        </button>
      </form>
      {error && <p className="notice notice-error">{error}</p>}
      {items && items.length === 0 && <p className="muted">{props.emptyText}</p>}
      <ul className="item-list">
        {items?.map((item) =>
          editing?.id === item.id ? (
            <li key={item.id}>
              <form className="item-edit" onSubmit={(e) => save(e, item)}>
                <input
                  className="input"
                  aria-label={props.renameLabel(item.name)}
                  value={editing.name}
                  onChange={(e) => setEditing({ ...editing, name: e.target.value })}
                  maxLength={100}
                  autoFocus
                />
                {order && (
                  <input
                    className="input item-order"
                    type="number"
                    min={0}
                    aria-label={order.of(item.name)}
                    value={editing.order}
                    onChange={(e) => setEditing({ ...editing, order: e.target.value })}
                  />
                )}
                <button type="submit" className="btn" disabled={busy}>
                  {c.save}
                </button>
                <button type="button" className="btn btn-secondary" onClick={() => setEditing(null)}>
                  {c.cancel}
                </button>
              </form>
            </li>
          ) : (
            <li key={item.id}>
              {order && <span className="item-badge" title={order.label}>{item.order_index}</span>}
              <span className="item-name">{item.name}</span>
              <span className="item-actions">
                <button
                  type="button"
                  className="btn btn-secondary"
                  aria-label={`${c.edit} ${item.name}`}
                  onClick={() => setEditing({ id: item.id, name: item.name, order: String(item.order_index ?? '') })}
                >
                  {c.edit}
                </button>
                <button type="button" className="btn btn-secondary danger-text" aria-label={`${c.delete} ${item.name}`} onClick={() => setDeleting(item)}>
                  {c.delete}
                </button>
              </span>
            </li>
          ),
        )}
      </ul>
      {deleting && (
        <ConfirmDialog
          title={props.deleteTitle(deleting.name)}
          confirmLabel={c.delete}
          busy={busy}
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            // Closed whatever the answer: a refusal (with its reason) comes as an error toast.
            void run(() => props.onDelete(deleting), () => undefined).then(() => setDeleting(null));
          }}
        >
          <p className="notice notice-warning">{props.deleteWarning}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
