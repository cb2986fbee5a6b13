// The bar the selection brings (document 2 §2 bulk actions), each action shown only to who may
// take it and only when it applies to the students selected; it fits a 360 px phone.
import { studentText } from '../../../i18n/students';
import { bulkEnrolState, canChangeClass } from '../../../../worker/domain/students';
import type { Student } from '../model';

const t = studentText.bulk;
/** Archive the active students selected, reactivate the archived ones. */
const STATUS_ACTIONS = [
  ['archived', t.archive],
  ['active', t.reactivate],
] as const;

export interface SelectionActions {
  canEnrol: boolean;
  canChangeClass: boolean;
  canArchive: boolean;
  canDelete: boolean;
  busy: boolean;
  onEnrol: () => void;
  onChangeClass: () => void;
  onPrintSheets: () => void;
  onStatus: (status: Student['status']) => void;
  onDelete: () => void;
  onClear: () => void;
}

export function SelectionBar({ selection, actions }: { selection: readonly Student[]; actions: SelectionActions }) {
  const classes = selection.map((s) => ({ className: s.enrollment?.className ?? null }));
  const enrolState = bulkEnrolState(classes);
  return (
    <section className="bulk-bar" aria-label={t.selected(selection.length)}>
      <p className="bulk-count" role="status">
        {t.selected(selection.length)}
      </p>
      {enrolState === 'all-enrolled' && actions.canEnrol && (
        <p className="notice notice-info bulk-info" role="status">
          {t.allEnrolled}
        </p>
      )}
      <div className="bulk-actions">
        {enrolState === 'enrol' && actions.canEnrol && (
          <button type="button" className="btn btn-small" onClick={actions.onEnrol}>
            {t.enrol}
          </button>
        )}
        {canChangeClass(classes) && actions.canChangeClass && (
          <button type="button" className="btn btn-secondary btn-small" onClick={actions.onChangeClass}>
            {t.changeClass}
          </button>
        )}
        <button type="button" className="btn btn-secondary btn-small" onClick={actions.onPrintSheets}>
          {studentText.toolbar.printSheets}
        </button>
        {actions.canArchive &&
          STATUS_ACTIONS.filter(([status]) => selection.some((s) => s.status !== status)).map(([status, label]) => (
            <button
              key={status}
              type="button"
              className="btn btn-secondary btn-small"
              disabled={actions.busy}
              onClick={() => actions.onStatus(status)}
            >
              {label}
            </button>
          ))}
        {actions.canDelete && (
          <button type="button" className="btn btn-danger btn-small" onClick={actions.onDelete}>
            {t.delete}
          </button>
        )}
        <button type="button" className="btn btn-ghost btn-small" onClick={actions.onClear}>
          {t.clear}
        </button>
      </div>
    </section>
  );
}
