// The register's toolbar: search, class (or 'not enrolled'), sort, archived students shown.
import { SearchField } from '../../../components/SearchField';
import { ClassSelect } from '../../../components/ClassSelect';
import { SelectField } from '../../../components/Field';
import { studentText } from '../../../i18n/students';
import type { ListFilters } from '../model';
import type { RegisterState } from './useRegister';

const t = studentText.toolbar;

export function Filters({ register }: { register: RegisterState }) {
  const { filters, refine } = register;
  return (
    <section className="students-toolbar card" aria-label={t.filters}>
      <SearchField
        label={t.search}
        className="toolbar-search"
        placeholder={t.searchPlaceholder}
        value={register.searchInput}
        onChange={register.setSearchInput}
      />
      <ClassSelect
        label={t.classFilter}
        value={filters.classFilter}
        onChange={(classFilter) => refine({ classFilter })}
        classes={register.classes}
        none={t.allClasses}
      >
        <option value={register.unenrolledFilter}>{t.unenrolled}</option>
      </ClassSelect>
      <SelectField
        label={t.sort}
        value={filters.sort}
        onChange={(e) => refine({ sort: e.target.value as ListFilters['sort'] })}
      >
        <option value="nom">{t.sortNom}</option>
        <option value="prenom">{t.sortPrenom}</option>
      </SelectField>
      <label className="check toolbar-archived">
        <input
          type="checkbox"
          checked={filters.includeArchived}
          onChange={(e) => refine({ includeArchived: e.target.checked })}
        />
        {t.showArchived}
      </label>
    </section>
  );
}
