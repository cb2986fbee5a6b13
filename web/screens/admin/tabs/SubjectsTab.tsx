// Subjects tab: the school's subjects (the programme tab places them in classes).
import { useApi } from '../../../api/useApi';
import { adminServerText, adminText } from '../../../i18n/admin';
import { EditableList } from '../EditableList';
import type { Subject as SubjectAnswer } from '../../../../worker/contract/subjects';

/** What the list shows of a subject (a subject added offline has no more). */
type Subject = Pick<SubjectAnswer, 'id' | 'name'>;

const t = adminText.subjects;
const PATH = '/subjects';
const byName = (list: Subject[]) => [...list].sort((a, b) => a.name.localeCompare(b.name, 'fr'));

export function SubjectsTab() {
  const state = useApi<Subject[]>(PATH);
  return (
    <>
      <h2>{t.title}</h2>
      <EditableList
        list={state}
        texts={t}
        writes={{
          path: PATH,
          done: adminServerText.subjects,
          added: (name) => ({ id: crypto.randomUUID(), name }),
          sort: byName,
        }}
      />
    </>
  );
}
