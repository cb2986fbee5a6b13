// Classes tab: the school's classes in order; deletion is refused for a class with enrolments.
import { api, type Queued } from '../../../api/client';
import { useApi } from '../../../api/useApi';
import { patchData, settled, submitWrite, type WriteOutcome } from '../../../api/write';
import { adminServerText, adminText } from '../../../i18n/admin';
import { offlineText } from '../../../i18n/offline';
import { useSchool } from '../../../layouts/school';
import { EditableList } from '../EditableList';
import type { SavedClass, SchoolClass as ClassRow } from '../../../../worker/contract/classes';
import type { Message } from '../../../../worker/contract/endpoint';


const t = adminText.classes;
const done = adminServerText.classes;
const PATH = '/classes';
const byOrder = (list: ClassRow[]) => [...list].sort((a, b) => a.order_index - b.order_index || a.name.localeCompare(b.name, 'fr'));

export function ClassesTab() {
  const state = useApi<ClassRow[]>(PATH);
  const school = useSchool();
  // The school's classes (menus, quick links) follow the change too.
  const ok = (outcome: WriteOutcome<unknown>) =>
    settled(outcome, () => {
      state.reload();
      school.reload();
    });
  const patch = (update: (list: ClassRow[]) => ClassRow[]) => patchData(state, PATH, (list) => byOrder(update(list)));
  return (
    <>
      <h2>{t.title}</h2>
      <p className="notice notice-warning">{t.deleteWarning}</p>
      <EditableList<ClassRow>
        items={state.data}
        error={state.error}
        newLabel={t.newClass}
        emptyText={t.empty}
        renameLabel={t.rename}
        deleteTitle={t.deleteTitle}
        deleteWarning={t.deleteWarning}
        order={{ label: t.order, of: t.orderOf }}
        onAdd={async (name) =>
          ok(
            await submitWrite(api.post<SavedClass | Queued>(PATH, { name }), {
              success: done.added,
              queued: offlineText.queued.action,
              offline: () =>
                patch((list) => [...list, { id: crypto.randomUUID(), name, order_index: Math.max(0, ...list.map((k) => k.order_index)) + 1 }]),
            }),
          )
        }
        onSave={async (klass, name, orderIndex) =>
          ok(
            await submitWrite(api.put<SavedClass | Queued>(`${PATH}/${klass.id}`, { name, ...(orderIndex === undefined ? {} : { order_index: orderIndex }) }), {
              success: done.updated,
              queued: offlineText.queued.modification,
              offline: () => patch((list) => list.map((k) => (k.id === klass.id ? { ...k, name, order_index: orderIndex ?? k.order_index } : k))),
            }),
          )
        }
        onDelete={async (klass) =>
          ok(
            await submitWrite(api.delete<Message | Queued>(`${PATH}/${klass.id}`), {
              success: done.deleted,
              queued: offlineText.queued.deletion,
              offline: () => patch((list) => list.filter((k) => k.id !== klass.id)),
            }),
          )
        }
      />
    </>
  );
}
