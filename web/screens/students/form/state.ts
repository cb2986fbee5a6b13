// The student form's state and rules, without React: what the form starts from, the server's
// rules checked before sending (domain/students.ts, with its messages), the body sent, and the
// student as a queued save leaves it.
import {
  birthPartsProblem,
  composeDate,
  type DateParts,
  dateParts,
  isEmail,
  isValidNisu,
  normalizePhone,
  parseMedicalNotes,
  serializeMedicalNotes,
} from '../../../../worker/domain/students';
import { cleanMultilineText, cleanText } from '../../../../worker/domain/text';
import { studentServerText as messages } from '../../../i18n/students';
import { amountInput, type ClassOption, type Enrollment, parseAmount, type Student } from '../model';

export interface FormState {
  nom: string;
  prenom: string;
  sexe: '' | 'M' | 'F';
  birth: DateParts;
  birth_place: string;
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

export type FieldName = keyof FormState | 'date_of_birth';
export type Errors = Partial<Record<FieldName, string>>;
/** The fields typed as text. */
export type TextFieldName = { [K in keyof FormState]: FormState[K] extends string ? K : never }[keyof FormState];

/** What the field components get: the state, its errors, and setters that clear the errors of what they change. */
export interface FormBinding {
  state: FormState;
  errors: Errors;
  set: <K extends keyof FormState>(key: K, value: FormState[K]) => void;
  update: (change: Partial<FormState>) => void;
}

export function initialState(student: Student | null): FormState {
  const notes = parseMedicalNotes(student?.medical_notes);
  return {
    nom: student?.nom ?? '',
    prenom: student?.prenom ?? '',
    sexe: student?.sexe ?? '',
    birth: dateParts(student?.date_of_birth),
    birth_place: student?.birth_place ?? '',
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

export function validate(state: FormState, enrolled: Enrollment | null): Errors {
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
  if ((state.enrollNow || enrolled) && parseAmount(state.enrollmentMppa) === null)
    errors.enrollmentMppa = messages.mppaRequired;
  return errors;
}

/** The student's fields as the API takes them, cleaned as the server cleans them. */
export function studentFields(state: FormState) {
  const phone = normalizePhone(state.tutor_phone);
  return {
    nom: cleanText(state.nom),
    prenom: cleanText(state.prenom),
    sexe: state.sexe || null,
    date_of_birth: composeDate(state.birth),
    birth_place: cleanText(state.birth_place) || null,
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
}

/** What a save sends: the new student (with its id) or the edit (with its revision and MPPA). */
export function saveRequest(state: FormState, student: Student | null, yearId: string) {
  const id = student?.id ?? crypto.randomUUID();
  const enrolled = student?.enrollment ?? null;
  // Called once `validate` found nothing: the sex is chosen (the contract requires it).
  const sexe = state.sexe;
  if (!sexe) throw new Error('saveRequest: the form was not validated');
  const fields = { ...studentFields(state), sexe };
  const mppa = parseAmount(state.enrollmentMppa);
  const enrollment =
    state.enrollNow && !enrolled ? { year_id: yearId, className: state.enrollmentClassName, mppa: mppa ?? 0 } : null;
  /** The update of a student shown (its revision), or the creation of a new one (its id chosen here). */
  const write = student
    ? {
        update: true as const,
        body: {
          ...fields,
          ...(enrollment ? { enrollment } : {}),
          ...(enrolled ? { enrollmentId: enrolled.id, mppa } : {}),
          revision: student.revision,
        },
      }
    : { update: false as const, body: { id, ...fields, ...(enrollment ? { enrollment } : {}) } };
  /** The current enrolment with the MPPA typed (the server's answer names it when it changed). */
  const kept = enrolled && mppa !== null ? { ...enrolled, mppa } : enrolled;
  /** The enrolment a queued save leaves: the new one (marked local), or the current one. */
  const queuedEnrollment = (classes: readonly ClassOption[]): Enrollment | null =>
    enrollment
      ? {
          id: `local-${id}`,
          year_id: yearId,
          class_id: classes.find((c) => c.name === enrollment.className)?.id ?? '',
          className: enrollment.className,
          mppa: enrollment.mppa,
        }
      : kept;
  return { id, fields, write, kept, queuedEnrollment };
}
