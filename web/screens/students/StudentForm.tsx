// The side drawer to add or edit a student (document 2 §2, §5): identity, NISU (asked only when
// the student has one), photo, tutor, medical notes, and the optional immediate enrolment with
// the class fee pre-filled. Closing with unsaved changes asks 'Fermer le formulaire ?'.
import { type FormEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { api, ApiError, errorMessage, isQueued, type Queued } from '../../api/client';
import { toast } from '../../components/toast';
import { formatMoney } from '../../../worker/domain/money';
import {
  birthPartsProblem,
  birthYears,
  BLOOD_GROUPS,
  composeDate,
  type DateParts,
  dateParts,
  isEmail,
  isValidNisu,
  MEDICAL_LIMITS,
  NISU_INPUT_MAX,
  NISU_LENGTH,
  normalizeNisu,
  normalizePhone,
  parseMedicalNotes,
  serializeMedicalNotes,
  STUDENT_LIMITS,
} from '../../../worker/domain/students';
import { cleanMultilineText, cleanText } from '../../../worker/domain/text';
import { studentServerText as messages, studentText } from '../../i18n/students';
import type { SchoolInfo, SchoolYear } from '../../layouts/school';
import { ConfirmDialog } from './dialogs';
import { amountInput, type ClassOption, type Enrollment, parseAmount, type Student } from './model';
import { Avatar, resizePhoto } from './photo';

const t = studentText.form;

interface FormState {
  nom: string;
  prenom: string;
  sexe: '' | 'M' | 'F';
  birth: DateParts;
  address: string;
  hasNisu: boolean;
  nisu: string;
  photo: string | null;
  tutor_name: string;
  tutor_phone: string;
  tutor_email: string;
  blood_group: string;
  allergies: string;
  illnesses: string;
  enrollNow: boolean;
  enrollmentClassName: string;
  enrollmentMppa: string;
}

type Field = keyof FormState | 'date_of_birth';
type Errors = Partial<Record<Field, string>>;

function initialState(student: Student | null): FormState {
  const notes = parseMedicalNotes(student?.medical_notes);
  return {
    nom: student?.nom ?? '',
    prenom: student?.prenom ?? '',
    sexe: student?.sexe ?? '',
    birth: dateParts(student?.date_of_birth),
    address: student?.address ?? '',
    hasNisu: Boolean(student?.nisu),
    nisu: student?.nisu ?? '',
    photo: student?.photo_url ?? null,
    tutor_name: student?.tutor_name ?? '',
    tutor_phone: student?.tutor_phone ?? '',
    tutor_email: student?.tutor_email ?? '',
    blood_group: notes.blood_group,
    allergies: notes.allergies,
    illnesses: notes.illnesses,
    enrollNow: false,
    enrollmentClassName: '',
    enrollmentMppa: amountInput(student?.enrollment?.mppa),
  };
}

/** The birth date's rule is the server's (domain/students.ts), with the same messages. */
const BIRTH_DATE_MESSAGES = {
  required: messages.birthDateRequired,
  invalid: messages.birthDateInvalid,
  future: messages.birthDateFuture,
  tooOld: messages.birthDateTooOld,
} as const;

function validate(state: FormState, enrolled: Enrollment | null): Errors {
  const errors: Errors = {};
  // Blank after the server's normalization (invisible characters only) counts as empty.
  if (!cleanText(state.nom)) errors.nom = messages.nomRequired;
  if (!cleanText(state.prenom)) errors.prenom = messages.prenomRequired;
  if (!state.sexe) errors.sexe = messages.sexeRequired;
  const birth = birthPartsProblem(state.birth);
  if (birth) errors.date_of_birth = BIRTH_DATE_MESSAGES[birth];
  if (!cleanText(state.address)) errors.address = messages.addressRequired;
  if (state.hasNisu && !isValidNisu(state.nisu)) errors.nisu = messages.nisuInvalid;
  if (normalizePhone(state.tutor_phone) === 'invalid') errors.tutor_phone = messages.phoneInvalid;
  if (state.tutor_email.trim() && !isEmail(state.tutor_email)) errors.tutor_email = messages.emailInvalid;
  if (state.enrollNow && !state.enrollmentClassName) errors.enrollmentClassName = messages.classRequired;
  if ((state.enrollNow || enrolled) && parseAmount(state.enrollmentMppa) === null) errors.enrollmentMppa = messages.mppaRequired;
  return errors;
}

export interface SavedStudent {
  student: Student;
  queued: boolean;
  message: string;
}

interface SaveAnswer {
  message: string;
  student: Student;
}

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
  onSaved: (saved: SavedStudent) => void;
}) {
  const initial = useMemo(() => initialState(student), [student]);
  const [state, setState] = useState<FormState>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const [confirmClose, setConfirmClose] = useState(false);
  const titleId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const enrolled = student?.enrollment ?? null;
  const dirty = JSON.stringify(state) !== JSON.stringify(initial);
  const years = useMemo(() => birthYears(), []);
  const currency = school?.currency ?? 'Gdes';

  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('input, select')?.focus();
  }, []);

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => {
    setState((s) => ({ ...s, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined, ...(key === 'birth' ? { date_of_birth: undefined } : {}) }));
  };

  const requestClose = () => (dirty && !saving ? setConfirmClose(true) : onClose());

  const chooseClass = (name: string) => {
    const fee = classes.find((c) => c.name === name)?.mppa ?? null;
    setState((s) => ({ ...s, enrollmentClassName: name, enrollmentMppa: fee === null ? s.enrollmentMppa : amountInput(fee) }));
    setErrors((e) => ({ ...e, enrollmentClassName: undefined, enrollmentMppa: undefined }));
  };

  const choosePhoto = async (file: File | undefined) => {
    if (!file) return;
    try {
      set('photo', await resizePhoto(file));
    } catch {
      toast.error(t.photoUnreadable);
    }
  };

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
    const phone = normalizePhone(state.tutor_phone);
    const mppa = parseAmount(state.enrollmentMppa);
    const enrollment =
      state.enrollNow && !enrolled ? { year_id: year.id, className: state.enrollmentClassName, mppa: mppa ?? 0 } : null;
    const fields = {
      nom: cleanText(state.nom),
      prenom: cleanText(state.prenom),
      sexe: state.sexe || null,
      date_of_birth: composeDate(state.birth),
      address: cleanText(state.address),
      photo_url: state.photo,
      tutor_name: cleanText(state.tutor_name) || null,
      tutor_phone: phone === 'invalid' ? null : phone,
      tutor_email: cleanText(state.tutor_email) || null,
      medical_notes: serializeMedicalNotes({
        blood_group: state.blood_group,
        allergies: cleanMultilineText(state.allergies),
        illnesses: cleanMultilineText(state.illnesses),
      }),
      nisu: state.hasNisu ? state.nisu : null,
    };
    const id = student?.id ?? crypto.randomUUID();
    setSaving(true);
    try {
      const answer = student
        ? await api.put<SaveAnswer | Queued>(`/students/${id}`, {
            ...fields,
            ...(enrollment ? { enrollment } : {}),
            ...(enrolled ? { enrollmentId: enrolled.id, mppa } : {}),
            revision: student.revision,
          })
        : await api.post<SaveAnswer | Queued>('/students', { id, ...fields, ...(enrollment ? { enrollment } : {}) });
      if (isQueued(answer)) {
        const localEnrollment: Enrollment | null = enrollment
          ? {
              id: `local-${id}`,
              year_id: year.id,
              class_id: classes.find((c) => c.name === enrollment.className)?.id ?? '',
              className: enrollment.className,
              mppa: enrollment.mppa,
            }
          : enrolled && mppa !== null
            ? { ...enrolled, mppa }
            : enrolled;
        // Queued writes are sent in order: once this one lands the student's revision moves by one.
        const revision = student ? student.revision + 1 : 0;
        onSaved({ queued: true, message: '', student: { id, status: student?.status ?? 'active', ...fields, revision, enrollment: localEnrollment } });
      } else {
        onSaved({
          queued: false,
          message: answer.message,
          student: { ...answer.student, enrollment: answer.student.enrollment ?? (enrolled && mppa !== null ? { ...enrolled, mppa } : enrolled) },
        });
      }
    } catch (error) {
      if (error instanceof ApiError && error.code === 'nisu_taken') setErrors((e) => ({ ...e, nisu: error.message }));
      toast.error(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  const error = (field: Field) =>
    errors[field] ? (
      <p className="field-error" id={`${titleId}-${field}-error`}>
        {errors[field]}
      </p>
    ) : null;
  const describedBy = (field: Field, hint?: string) =>
    [errors[field] ? `${titleId}-${field}-error` : '', hint ?? ''].filter(Boolean).join(' ') || undefined;
  const input = (field: Field) => ({
    id: `${titleId}-${field}`,
    'data-field': field,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': describedBy(field),
  });
  const selectedFee = classes.find((c) => c.name === state.enrollmentClassName)?.mppa;

  return (
    <div className="drawer-backdrop" onMouseDown={(e) => e.target === e.currentTarget && requestClose()}>
      <aside
        className="drawer"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={(e) => e.key === 'Escape' && !confirmClose && requestClose()}
      >
        <header className="drawer-header">
          <h2 id={titleId}>{student ? t.editTitle : t.addTitle}</h2>
          <button type="button" className="btn btn-ghost drawer-close" onClick={requestClose} aria-label={t.close}>
            ×
          </button>
        </header>
        <form className="drawer-body" onSubmit={submit} noValidate ref={formRef}>
          <fieldset>
            <legend>{t.identity}</legend>
            <div className="form-grid">
              <Labelled label={t.nom} htmlFor={`${titleId}-nom`} required>
                <input className="input" {...input('nom')} value={state.nom} onChange={(e) => set('nom', e.target.value)} maxLength={STUDENT_LIMITS.nom} autoComplete="off" />
                {error('nom')}
              </Labelled>
              <Labelled label={t.prenom} htmlFor={`${titleId}-prenom`} required>
                <input className="input" {...input('prenom')} value={state.prenom} onChange={(e) => set('prenom', e.target.value)} maxLength={STUDENT_LIMITS.prenom} autoComplete="off" />
                {error('prenom')}
              </Labelled>
              <Labelled label={t.sexe} htmlFor={`${titleId}-sexe`} required>
                <select className="input" {...input('sexe')} value={state.sexe} onChange={(e) => set('sexe', e.target.value as FormState['sexe'])}>
                  <option value="">{t.sexeChoose}</option>
                  <option value="M">{t.male}</option>
                  <option value="F">{t.female}</option>
                </select>
                {error('sexe')}
              </Labelled>
              <div className="field">
                <span className="field-label" id={`${titleId}-birth`}>
                  {t.birthDate} <span aria-hidden="true">*</span>
                </span>
                <div className="date-picker" role="group" aria-labelledby={`${titleId}-birth`} aria-describedby={describedBy('date_of_birth')}>
                  <select
                    className="input"
                    aria-label={t.day}
                    data-field="date_of_birth"
                    aria-invalid={errors.date_of_birth ? true : undefined}
                    value={state.birth.day}
                    onChange={(e) => set('birth', { ...state.birth, day: e.target.value })}
                  >
                    <option value="">{t.day}</option>
                    {Array.from({ length: 31 }, (_, i) => (
                      <option key={i} value={String(i + 1)}>
                        {i + 1}
                      </option>
                    ))}
                  </select>
                  <select
                    className="input"
                    aria-label={t.month}
                    aria-invalid={errors.date_of_birth ? true : undefined}
                    value={state.birth.month}
                    onChange={(e) => set('birth', { ...state.birth, month: e.target.value })}
                  >
                    <option value="">{t.month}</option>
                    {t.months.map((name, i) => (
                      <option key={name} value={String(i + 1)}>
                        {name}
                      </option>
                    ))}
                  </select>
                  <select
                    className="input"
                    aria-label={t.year}
                    aria-invalid={errors.date_of_birth ? true : undefined}
                    value={state.birth.year}
                    onChange={(e) => set('birth', { ...state.birth, year: e.target.value })}
                  >
                    <option value="">{t.year}</option>
                    {years.map((y) => (
                      <option key={y} value={String(y)}>
                        {y}
                      </option>
                    ))}
                  </select>
                </div>
                {error('date_of_birth')}
              </div>
              <Labelled label={t.address} htmlFor={`${titleId}-address`} required wide>
                <input className="input" {...input('address')} value={state.address} onChange={(e) => set('address', e.target.value)} maxLength={STUDENT_LIMITS.address} />
                {error('address')}
              </Labelled>
            </div>
            <label className="check">
              <input type="checkbox" checked={state.hasNisu} onChange={(e) => set('hasNisu', e.target.checked)} />
              {t.hasNisu}
            </label>
            {state.hasNisu && (
              <Labelled label={t.nisu} htmlFor={`${titleId}-nisu`} required>
                <input
                  className="input mono"
                  {...input('nisu')}
                  aria-describedby={describedBy('nisu', `${titleId}-nisu-hint`)}
                  value={state.nisu}
                  onChange={(e) => set('nisu', normalizeNisu(e.target.value))}
                  maxLength={NISU_INPUT_MAX}
                  autoCapitalize="characters"
                  autoComplete="off"
                  spellCheck={false}
                />
                <p className="field-hint" id={`${titleId}-nisu-hint`}>
                  {t.nisuHint} ({state.nisu.length}/{NISU_LENGTH})
                </p>
                {error('nisu')}
              </Labelled>
            )}
            <div className="field photo-field">
              <span className="field-label">{t.photo}</span>
              <div className="photo-row">
                <Avatar prenom={state.prenom} nom={state.nom} photoUrl={state.photo} size={64} />
                <label className="btn btn-secondary file-button">
                  {t.photoChoose}
                  <input
                    type="file"
                    accept="image/png,image/jpeg,image/gif,image/webp"
                    className="sr-only"
                    onChange={(e) => {
                      void choosePhoto(e.target.files?.[0]);
                      e.target.value = '';
                    }}
                  />
                </label>
                {state.photo && (
                  <button type="button" className="btn btn-ghost" onClick={() => set('photo', null)}>
                    {t.photoRemove}
                  </button>
                )}
              </div>
              <p className="field-hint">{t.photoHint}</p>
            </div>
          </fieldset>

          <fieldset>
            <legend>{t.tutor}</legend>
            <div className="form-grid">
              <Labelled label={t.tutorName} htmlFor={`${titleId}-tutor_name`} wide>
                <input className="input" {...input('tutor_name')} value={state.tutor_name} onChange={(e) => set('tutor_name', e.target.value)} maxLength={STUDENT_LIMITS.tutorName} />
              </Labelled>
              <Labelled label={t.tutorPhone} htmlFor={`${titleId}-tutor_phone`}>
                <input
                  className="input"
                  type="tel"
                  inputMode="tel"
                  {...input('tutor_phone')}
                  aria-describedby={describedBy('tutor_phone', `${titleId}-phone-hint`)}
                  placeholder="+509 3712 3456"
                  value={state.tutor_phone}
                  onChange={(e) => set('tutor_phone', e.target.value)}
                  onBlur={() => {
                    const phone = normalizePhone(state.tutor_phone);
                    if (phone && phone !== 'invalid' && phone !== state.tutor_phone) set('tutor_phone', phone);
                  }}
                  maxLength={24}
                />
                <p className="field-hint" id={`${titleId}-phone-hint`}>
                  {t.tutorPhoneHint}
                </p>
                {error('tutor_phone')}
              </Labelled>
              <Labelled label={t.tutorEmail} htmlFor={`${titleId}-tutor_email`}>
                <input
                  className="input"
                  type="email"
                  inputMode="email"
                  {...input('tutor_email')}
                  value={state.tutor_email}
                  onChange={(e) => set('tutor_email', e.target.value)}
                  maxLength={STUDENT_LIMITS.tutorEmail}
                />
                {error('tutor_email')}
              </Labelled>
            </div>
          </fieldset>

          <fieldset>
            <legend>{t.medical}</legend>
            <div className="form-grid">
              <Labelled label={t.bloodGroup} htmlFor={`${titleId}-blood_group`}>
                <select className="input" {...input('blood_group')} value={state.blood_group} onChange={(e) => set('blood_group', e.target.value)}>
                  <option value="">{t.bloodGroupUnspecified}</option>
                  {BLOOD_GROUPS.map((g) => (
                    <option key={g} value={g}>
                      {g}
                    </option>
                  ))}
                </select>
              </Labelled>
              <Labelled label={t.allergies} htmlFor={`${titleId}-allergies`}>
                <input className="input" {...input('allergies')} value={state.allergies} onChange={(e) => set('allergies', e.target.value)} maxLength={MEDICAL_LIMITS.allergies} />
              </Labelled>
              <Labelled label={t.illnesses} htmlFor={`${titleId}-illnesses`} wide>
                <textarea className="input" rows={2} {...input('illnesses')} value={state.illnesses} onChange={(e) => set('illnesses', e.target.value)} maxLength={MEDICAL_LIMITS.illnesses} />
              </Labelled>
            </div>
          </fieldset>

          {(enrolled || canEnrol) && (
            <fieldset>
              <legend>{t.enrolment}</legend>
              {enrolled ? (
                <>
                  <p>{t.enrolledIn(enrolled.className, year.name)}</p>
                  <Labelled label={t.enrolmentMppa} htmlFor={`${titleId}-enrollmentMppa`} required>
                    <input
                      className="input"
                      inputMode="decimal"
                      {...input('enrollmentMppa')}
                      value={state.enrollmentMppa}
                      readOnly={!canChangeMppa}
                      onChange={(e) => set('enrollmentMppa', e.target.value)}
                    />
                    {error('enrollmentMppa')}
                  </Labelled>
                </>
              ) : (
                <>
                  <label className="check">
                    <input type="checkbox" checked={state.enrollNow} onChange={(e) => set('enrollNow', e.target.checked)} />
                    {t.enrolNow(year.name)}
                  </label>
                  {state.enrollNow && (
                    <div className="form-grid">
                      <Labelled label={t.enrolmentClass} htmlFor={`${titleId}-enrollmentClassName`} required>
                        <select className="input" {...input('enrollmentClassName')} value={state.enrollmentClassName} onChange={(e) => chooseClass(e.target.value)}>
                          <option value="">{studentText.enrol.chooseClass}</option>
                          {classes.map((c) => (
                            <option key={c.id} value={c.name}>
                              {c.name}
                            </option>
                          ))}
                        </select>
                        {error('enrollmentClassName')}
                      </Labelled>
                      <Labelled label={t.enrolmentMppa} htmlFor={`${titleId}-enrollmentMppa`} required>
                        <input
                          className="input"
                          inputMode="decimal"
                          {...input('enrollmentMppa')}
                          aria-describedby={describedBy('enrollmentMppa', `${titleId}-mppa-hint`)}
                          value={state.enrollmentMppa}
                          onChange={(e) => set('enrollmentMppa', e.target.value)}
                        />
                        <p className="field-hint" id={`${titleId}-mppa-hint`}>
                          {selectedFee !== undefined && selectedFee !== null ? `${t.mppaHint} (${formatMoney(Math.round(selectedFee * 100), currency)})` : t.mppaHint}
                        </p>
                        {error('enrollmentMppa')}
                      </Labelled>
                    </div>
                  )}
                </>
              )}
            </fieldset>
          )}

          <div className="drawer-actions">
            <button type="button" className="btn btn-secondary" onClick={requestClose}>
              {t.cancel}
            </button>
            <button type="submit" className="btn" disabled={saving}>
              {saving ? t.saving : t.save}
            </button>
          </div>
        </form>
      </aside>
      {confirmClose && (
        <ConfirmDialog
          title={studentText.unsaved.title}
          body={studentText.unsaved.body}
          confirmLabel={studentText.unsaved.confirm}
          cancelLabel={studentText.unsaved.stay}
          danger
          onConfirm={onClose}
          onCancel={() => setConfirmClose(false)}
        />
      )}
    </div>
  );
}

function Labelled({
  label,
  htmlFor,
  required,
  wide,
  children,
}: {
  label: string;
  htmlFor: string;
  required?: boolean;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`field${wide ? ' field-wide' : ''}`}>
      <label htmlFor={htmlFor}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {children}
    </div>
  );
}
