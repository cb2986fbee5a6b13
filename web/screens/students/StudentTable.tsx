// The register's rows: a table on wide screens, cards on phones (the same markup, see the CSS).
// A student with a change made offline and not sent yet is marked 'En attente'.
import { isPendingFor, type PendingWrite } from '../../api/pending';
import { ColumnHeads } from '../../components/ColumnHeads';
import { PendingBadge } from '../../components/PendingBadge';
import { studentText } from '../../i18n/students';
import { fullName, type Student } from './model';
import { Avatar } from './photo';

const t = studentText.table;

export interface RowActions {
  canEdit: boolean;
  canEnrol: boolean;
  onOpen: (s: Student) => void;
  onEdit: (s: Student) => void;
  onEnrol: (s: Student) => void;
  onPhoto: (s: Student) => void;
}

export function StudentTable({
  students,
  selected,
  pending,
  onToggle,
  onTogglePage,
  actions,
}: {
  students: Student[];
  selected: ReadonlySet<string>;
  /** Queued writes: their students show 'En attente'. */
  pending: readonly PendingWrite[];
  onToggle: (s: Student) => void;
  onTogglePage: (select: boolean) => void;
  actions: RowActions;
}) {
  const allSelected = students.length > 0 && students.every((s) => selected.has(s.id));
  return (
    <div className="students-table-wrap">
      <table className="students-table">
        <caption className="sr-only">{t.caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="col-check">
              <label className="tap-check select-all">
                <input
                  type="checkbox"
                  aria-label={t.selectAll}
                  checked={allSelected}
                  onChange={(e) => onTogglePage(e.target.checked)}
                />
                <span className="select-all-label" aria-hidden="true">
                  {t.selectAllShort}
                </span>
              </label>
            </th>
            <ColumnHeads
              columns={[
                { label: t.photo, hidden: true, className: 'col-photo' },
                t.nom,
                t.prenom,
                t.nisu,
                t.className,
                { label: t.actions, className: 'col-actions' },
              ]}
            />
          </tr>
        </thead>
        <tbody>
          {students.map((s) => (
            <StudentRow key={s.id} s={s} selected={selected} pending={pending} onToggle={onToggle} actions={actions} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One pupil's row: selection, photo, names, class and the actions the caller may take. */
function StudentRow({
  s,
  selected,
  pending,
  onToggle,
  actions,
}: {
  s: Student;
  selected: ReadonlySet<string>;
  pending: readonly PendingWrite[];
  onToggle: (s: Student) => void;
  actions: RowActions;
}) {
  const name = fullName(s);
  const waiting =
    isPendingFor(pending, ['/students', '/enrollments'], s.id) ||
    (s.enrollment ? isPendingFor(pending, ['/enrollments'], s.enrollment.id) : false);
  return (
    <tr className={`${selected.has(s.id) ? 'is-selected' : ''}${s.status === 'archived' ? ' is-archived' : ''}`}>
      <td className="col-check">
        <label className="tap-check row-check">
          <input
            type="checkbox"
            aria-label={t.select(name)}
            checked={selected.has(s.id)}
            onChange={() => onToggle(s)}
          />
        </label>
      </td>
      <td className="col-photo">
        <Avatar
          prenom={s.prenom}
          nom={s.nom}
          photoUrl={s.photo_url}
          onOpen={() => actions.onPhoto(s)}
          label={t.photoOf(name)}
        />
      </td>
      <td className="col-name" data-label={t.nom}>
        <strong>{s.nom}</strong>
        {s.status === 'archived' && <span className="student-badge student-badge-archived">{t.archived}</span>}
        {waiting && <PendingBadge />}
      </td>
      <td className="col-name" data-label={t.prenom}>
        {s.prenom}
      </td>
      <td className="col-nisu mono" data-label={t.nisu}>
        {s.nisu ?? '-'}
      </td>
      <td className="col-class" data-label={t.className}>
        {s.enrollment ? (
          s.enrollment.className
        ) : (
          <span className="student-badge student-badge-muted">{t.notEnrolled}</span>
        )}
      </td>
      <td className="col-actions">
        <div className="row-actions">
          <RowButton label={t.details} name={t.detailsOf(name)} onClick={() => actions.onOpen(s)} />
          {actions.canEdit && <RowButton label={t.edit} name={t.editOf(name)} onClick={() => actions.onEdit(s)} />}
          {actions.canEnrol && !s.enrollment && s.status === 'active' && (
            <RowButton primary label={t.enrol} name={t.enrolOf(name)} onClick={() => actions.onEnrol(s)} />
          )}
        </div>
      </td>
    </tr>
  );
}

/** A small button of a row, named after its pupil for screen readers (`name`). */
function RowButton({
  label,
  name,
  primary = false,
  onClick,
}: {
  label: string;
  name: string;
  primary?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={primary ? 'btn btn-small' : 'btn btn-secondary btn-small'}
      onClick={onClick}
      aria-label={name}
    >
      {label}
    </button>
  );
}
