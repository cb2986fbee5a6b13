// Subjects tab: the school's subjects (the programme tab places them in classes).
import { api, type Queued } from '../../../api/client';
import { useApi } from '../../../api/useApi';
import { patchData, settled, submitWrite, type WriteOutcome } from '../../../api/write';
import { adminServerText, adminText } from '../../../i18n/admin';
import { offlineText } from '../../../i18n/offline';
import { EditableList } from '../EditableList';
import type { Message } from '../../../../worker/contract/endpoint';
import type { SavedSubject, Subject as SubjectAnswer } from '../../../../worker/contract/subjects';

/** What the list shows of a subject (a subject added offline has no more). */
type Subject = Pick<SubjectAnswer, 'id' | 'name'>;

const t = adminText.subjects;
const done = adminServerText.subjects;
const PATH = '/subjects';
const byName = (list: Subject[]) => [...list].sort((a, b) => a.name.localeCompare(b.name, 'fr'));

export function SubjectsTab() {
  const state = useApi<Subject[]>(PATH);
  const ok = (outcome: WriteOutcome<unknown>) => settled(outcome, state.reload);
  const patch = (update: (list: Subject[]) => Subject[]) => patchData(state, PATH, (list) => byName(update(list)));
  return (
    <>
      <h2>{t.title}</h2>
      <EditableList<Subject>
        items={state.data}
        error={state.error}
        newLabel={t.newSubject}
        emptyText={t.empty}
        renameLabel={t.rename}
        deleteTitle={t.deleteTitle}
        deleteWarning={t.deleteWarning}
        onAdd={async (name) =>
          ok(
            await submitWrite(api.post<SavedSubject | Queued>(PATH, { name }), {
              success: done.added,
              queued: offlineText.queued.action,
              offline: () => patch((list) => [...list, { id: crypto.randomUUID(), name }]),
            }),
          )
        }
        onSave={async (subject, name) =>
          ok(
            await submitWrite(api.put<SavedSubject | Queued>(`${PATH}/${subject.id}`, { name }), {
              success: done.updated,
              queued: offlineText.queued.modification,
              offline: () => patch((list) => list.map((s) => (s.id === subject.id ? { ...s, name } : s))),
            }),
          )
        }
        onDelete={async (subject) =>
          ok(
            await submitWrite(api.delete<Message | Queued>(`${PATH}/${subject.id}`), {
              success: done.deleted,
              queued: offlineText.queued.deletion,
              offline: () => patch((list) => list.filter((s) => s.id !== subject.id)),
            }),
          )
        }
      />
    </>
  );
}
