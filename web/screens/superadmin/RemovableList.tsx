// A list of the platform's rows (announcements, delegates), each with its delete button, the
// deletion confirmed in a dialog; `remove` answers true once the row is gone.
import type { ReactNode } from 'react';
import { Button } from '../../components/Button';
import { useConfirmation } from '../../components/ConfirmDialog';

export function RemovableList<T extends { id: string }>({
  items,
  empty,
  name,
  children,
  texts,
  remove,
}: {
  items: readonly T[] | null | undefined;
  /** Said when there is no row. */
  empty: string;
  /** A row's name: its accessible name and the confirmation's title. */
  name: (item: T) => string;
  /** A row's content, before its delete button. */
  children: (item: T) => ReactNode;
  texts: { delete: string; deleteTitle: (name: string) => string; deleteBody: string };
  remove: (item: T) => Promise<boolean>;
}) {
  const removing = useConfirmation(
    (item: T) => ({
      title: texts.deleteTitle(name(item)),
      confirmLabel: texts.delete,
      body: <p>{texts.deleteBody}</p>,
    }),
    async (item: T) => ((await remove(item)) ? true : null),
    { keepOnFailure: true },
  );
  return (
    <>
      {items?.length === 0 && <p className="muted">{empty}</p>}
      <ul className="plain-list">
        {items?.map((item) => (
          <li key={item.id} className="announcement-item" aria-label={name(item)}>
            <div>{children(item)}</div>
            <Button look="ghost" onClick={() => removing.ask(item)}>
              {texts.delete}
            </Button>
          </li>
        ))}
      </ul>
      {removing.dialog}
    </>
  );
}
