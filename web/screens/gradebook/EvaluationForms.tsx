// Adding an evaluation above the table (local until its first score; 'Limite atteinte' when the
// set reaches the subject's max) and changing one in a dialog: the same two fields, its name and
// its max score (step 0.01, a comma as well as a point).
import { useState } from 'react';
import { Button } from '../../components/Button';
import { FormDialog } from '../../components/Dialog';
import { FormError } from '../../components/ErrorNotice';
import { InputField } from '../../components/Field';
import { SubmitButton } from '../../components/SubmitButton';
import { gradebookText as t } from '../../i18n/gradebook';
import type { BookEvaluation } from '../../../worker/contract/grades';
import { DEFAULT_EVALUATION_MAX, formatPoints } from '../../../worker/domain/grades';
import { typedNumber } from './book';

/** The fields' values as typed, and the problem the last try met. */
function useEvaluationFields(name = '', max = String(DEFAULT_EVALUATION_MAX)) {
  const [fields, setFields] = useState({ name, max });
  const [error, setError] = useState<string | null>(null);
  return {
    fields,
    setFields,
    error,
    setError,
    /** The name trimmed and the max as a number (NaN when blank). */
    values: () => [fields.name.trim(), typedNumber(fields.max)] as const,
  };
}

type Fields = ReturnType<typeof useEvaluationFields>;

function EvaluationFields({
  form,
  required,
  maxClass,
}: {
  form: Fields;
  /** The add form's fields are marked required. */
  required?: boolean;
  /** The add form's max field is narrow. */
  maxClass?: string;
}) {
  const { fields, setFields } = form;
  return (
    <>
      <InputField
        label={t.add.name}
        value={fields.name}
        maxLength={60}
        onChange={(e) => setFields({ ...fields, name: e.target.value })}
        required={required}
      />
      <InputField
        label={t.add.max}
        fieldClassName={maxClass}
        inputMode="decimal"
        autoComplete="off"
        value={fields.max}
        onChange={(e) => setFields({ ...fields, max: e.target.value })}
        required={required}
      />
    </>
  );
}

export function AddEvaluation({ full, onAdd }: { full: boolean; onAdd: (name: string, max: number) => string | null }) {
  const form = useEvaluationFields();
  // The set reaches the subject's max: nothing to fill, the button says why.
  if (full)
    return (
      <p className="gradebook-add-full">
        <Button look="primary" disabled>
          {t.add.limit}
        </Button>
      </p>
    );
  return (
    <form
      className="gradebook-add"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const problem = onAdd(...form.values());
        form.setError(problem);
        if (!problem) form.setFields({ name: '', max: String(DEFAULT_EVALUATION_MAX) });
      }}
    >
      <fieldset>
        <legend>{t.add.legend}</legend>
        <EvaluationFields form={form} required maxClass="gradebook-add-max" />
        <SubmitButton>{t.add.submit}</SubmitButton>
      </fieldset>
      <FormError message={form.error} />
      {!form.error && <p className="muted small">{t.add.localHint}</p>}
    </form>
  );
}

export function EditEvaluation({
  evaluation,
  busy,
  onSave,
  onClose,
}: {
  evaluation: BookEvaluation;
  busy: boolean;
  /** null when saved, '' when the write failed (its error shown), else the problem to show. */
  onSave: (e: BookEvaluation, name: string, max: number) => Promise<string | null>;
  onClose: () => void;
}) {
  const form = useEvaluationFields(evaluation.name, formatPoints(evaluation.max_score));
  async function submit() {
    const problem = await onSave(evaluation, ...form.values());
    if (problem === null) onClose();
    else if (problem) form.setError(problem);
  }
  return (
    <FormDialog
      title={t.edit.title}
      confirmLabel={t.edit.save}
      busy={busy}
      onCancel={onClose}
      onSubmit={() => void submit()}
      error={form.error}
    >
      <EvaluationFields form={form} />
    </FormDialog>
  );
}
