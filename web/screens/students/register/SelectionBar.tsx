// The bar the selection brings (document 2 §2 bulk actions), each action shown only to who may
// take it and only when it applies to the students selected; it fits a 360 px phone.
import { studentText } from '../../../i18n/students';
import { bulkEnrolState, canChangeClass } from '../../../../worker/domain/students';
import type { Student } from '../model';
import { Button } from '../../../components/Button';

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
        <p className="notice tone-info bulk-info" role="status">
          {t.allEnrolled}
        </p>
      )}
      <div className="bulk-actions">
        {enrolState === 'enrol' && actions.canEnrol && (
          <Button look="primary" small onClick={actions.onEnrol}>
            {t.enrol}
          </Button>
        )}
        {canChangeClass(classes) && actions.canChangeClass && (
          <Button small onClick={actions.onChangeClass}>
            {t.changeClass}
          </Button>
        )}
        <Button small onClick={actions.onPrintSheets}>
          {studentText.toolbar.printSheets}
        </Button>
        {actions.canArchive &&
          STATUS_ACTIONS.filter(([status]) => selection.some((s) => s.status !== status)).map(([status, label]) => (
            <Button small key={status} disabled={actions.busy} onClick={() => actions.onStatus(status)}>
              {label}
            </Button>
          ))}
        {actions.canDelete && (
          <Button look="danger" small onClick={actions.onDelete}>
            {t.delete}
          </Button>
        )}
        <Button look="ghost" small onClick={actions.onClear}>
          {t.clear}
        </Button>
      </div>
    </section>
  );
}
