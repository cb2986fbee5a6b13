// The side drawer to add or edit a student (document 2 §2, §5): identity, NISU (asked only when
// the student has one), photo, tutor, medical notes, and the optional immediate enrolment with
// the class fee pre-filled. Closing with unsaved changes asks 'Fermer le formulaire ?'.
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { call } from '../../../api/calls';
import { ApiError, type Queued } from '../../../api/client';
import { endpoints } from '../../../api/endpoints';
import { useWrite } from '../../../api/useWrite';
import { Button } from '../../../components/Button';
import { DialogButtons } from '../../../components/DialogButtons';
import { SidePanel, useLeaving } from '../../../components/SidePanel';
import { toast } from '../../../components/toast';
import { offlineText } from '../../../i18n/offline';
import { studentText } from '../../../i18n/students';
import type { SchoolInfo, SchoolYear } from '../../../layouts/school';
import type { ClassOption, Student } from '../model';
import { EnrolmentFields } from './EnrolmentFields';
import { IdentityFields } from './IdentityFields';
import { MedicalFields } from './MedicalFields';
import { type Errors, type FormBinding, type FormState, initialState, saveRequest, validate } from './state';
import { TutorFields } from './TutorFields';
import type { SavedStudent } from '../../../../worker/contract/students';

const t = studentText.form;

export function StudentForm({
  student,
  year,
  classes,
  school,
  canEnrol,
  canChangeMppa,
  onClose,
  onSaved,
}: {
  /** null to add a student. */
  student: Student | null;
  year: SchoolYear;
  classes: ClassOption[];
  school: SchoolInfo | null;
  canEnrol: boolean;
  canChangeMppa: boolean;
  onClose: () => void;
  /** The student as the server saved it, or as the queued save leaves it. */
  onSaved: (student: Student, queued: boolean) => void;
}) {
  const initial = useMemo(() => initialState(student), [student]);
  const [state, setState] = useState<FormState>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const { send, busy: saving } = useWrite();
  const titleId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const enrolled = student?.enrollment ?? null;
  const dirty = JSON.stringify(state) !== JSON.stringify(initial);

  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('input, select')?.focus();
  }, []);

  const update = (change: Partial<FormState>) => {
    setState((s) => ({ ...s, ...change }));
    const cleared = Object.fromEntries(Object.keys(change).map((key) => [key, undefined]));
    setErrors((e) => ({ ...e, ...cleared, ...('birth' in change ? { date_of_birth: undefined } : {}) }));
  };
  const form: FormBinding = { state, errors, update, set: (key, value) => update({ [key]: value }) };

  const leaving = useLeaving(dirty && !saving, onClose, studentText.unsaved);
  const requestClose = leaving.request;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate(state, enrolled);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      toast.error(t.fixErrors);
      formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
      return;
    }
    const save = saveRequest(state, student, year.id);
    const request: Promise<SavedStudent | Queued> = save.write.update
      ? call(endpoints.students.update, { params: { id: save.id }, body: save.write.body })
      : call(endpoints.students.create, { body: save.write.body });
    const outcome = await send(request, {
      success: (answer) => answer.message,
      queued: offlineText.writeQueued,
      refused: (error) => {
        // A NISU another student has: said under the field too.
        if (error instanceof ApiError && error.code === 'nisu_taken') setErrors((e) => ({ ...e, nisu: error.message }));
        return false;
      },
    });
    if (!outcome) return;
    if (outcome.queued) {
      // Queued writes are sent in order: once this one lands the student's revision moves by one.
      const revision = student ? student.revision + 1 : 0;
      onSaved(
        {
          id: save.id,
          status: student?.status ?? 'active',
          ...save.fields,
          revision,
          enrollment: save.queuedEnrollment(classes),
        },
        true,
      );
    } else {
      onSaved({ ...outcome.answer.student, enrollment: outcome.answer.student.enrollment ?? save.kept }, false);
    }
  };

  return (
    <SidePanel
      as="aside"
      className="drawer"
      backdropClassName="drawer-backdrop"
      titleId={titleId}
      escapable={!leaving.asking}
      onDismiss={requestClose}
      dialogs={leaving.dialog}
    >
      <header className="drawer-header">
        <h2 id={titleId}>{student ? t.editTitle : t.addTitle}</h2>
        <Button look="ghost" className="drawer-close" onClick={requestClose} aria-label={t.close}>
          ×
        </Button>
      </header>
      <form className="drawer-body" onSubmit={submit} noValidate ref={formRef}>
        <IdentityFields form={form} />
        <TutorFields form={form} />
        <MedicalFields form={form} />
        {(enrolled || canEnrol) && (
          <EnrolmentFields
            form={form}
            enrolled={enrolled}
            year={year}
            classes={classes}
            currency={school?.currency ?? 'Gdes'}
            canChangeMppa={canChangeMppa}
          />
        )}
        <div className="drawer-actions">
          <DialogButtons
            submit
            cancelLabel={t.cancel}
            confirmLabel={saving ? t.saving : t.save}
            disabled={saving}
            onCancel={requestClose}
          />
        </div>
      </form>
    </SidePanel>
  );
}
