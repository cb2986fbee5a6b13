// Classes tab: the school's classes in order; deletion is refused for a class with enrolments.
import { useRead } from '../../../api/calls';
import { endpoints } from '../../../api/endpoints';
import { adminText } from '../../../i18n/admin';
import { useSchool } from '../../../layouts/school';
import { EditableList } from '../EditableList';
import type { SchoolClass as ClassRow } from '../../../../worker/contract/classes';

const t = adminText.classes;
const byOrder = (list: ClassRow[]) =>
  [...list].sort((a, b) => a.order_index - b.order_index || a.name.localeCompare(b.name, 'fr'));

export function ClassesTab() {
  const state = useRead(endpoints.classes.list, {});
  const school = useSchool();
  return (
    <>
      <h2>{t.title}</h2>
      <p className="notice tone-warning">{t.deleteWarning}</p>
      <EditableList
        area="classes"
        calls={endpoints.classes}
        list={state}
        added={(name, list) => ({
          id: crypto.randomUUID(),
          name,
          order_index: Math.max(0, ...list.map((k) => k.order_index)) + 1,
        })}
        sort={byOrder}
        // The school's classes (menus, quick links) follow the change too.
        reload={() => {
          state.reload();
          school.reload();
        }}
      />
    </>
  );
}
