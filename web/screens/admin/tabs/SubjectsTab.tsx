// Subjects tab: the school's subjects (the programme tab places them in classes).
import { useRead } from '../../../api/calls';
import { endpoints } from '../../../api/endpoints';
import { adminText } from '../../../i18n/admin';
import { EditableList } from '../EditableList';
import { getSession } from '../../../session/session';
import type { Subject } from '../../../../worker/contract/subjects';

const t = adminText.subjects;
const byName = (list: Subject[]) => [...list].sort((a, b) => a.name.localeCompare(b.name, 'fr'));

export function SubjectsTab() {
  const state = useRead(endpoints.subjects.list, {});
  return (
    <>
      <h2>{t.title}</h2>
      <EditableList
        area="subjects"
        calls={endpoints.subjects}
        list={state}
        added={(name) => ({ id: crypto.randomUUID(), name, instance_id: getSession()?.instance_id ?? '' })}
        sort={byName}
      />
    </>
  );
}
