// Adding or editing a teacher: prénom, nom, téléphone, e-mail (and on add, the username, left
// blank for the one made from the names). The form checks with the server's own rule
// (domain/teachers.ts teacherProfile) and shows the server's words.
import { useState } from 'react';
import { FormDialog } from '../../components/Dialog';
import { InputField } from '../../components/Field';
import { teachersText } from '../../i18n/teachers';
import {
  TEACHER_LIMITS,
  teacherProfile,
  teacherUsernameBase,
  type TeacherField,
} from '../../../worker/domain/teachers';
import { teachersServerText as rules } from '../../../worker/contract/texts/teachers';
import type { SchoolTeacher, TeacherInput } from '../../../worker/contract/teachers';

const t = teachersText.form;

const MESSAGES: Record<TeacherField, Partial<Record<'required' | 'tooLong' | 'invalid', string>>> = {
  prenom: { required: rules.prenomRequired, tooLong: rules.prenomTooLong },
  nom: { required: rules.nomRequired, tooLong: rules.nomTooLong },
  phone: { tooLong: rules.phoneInvalid, invalid: rules.phoneInvalid },
  email: { tooLong: rules.emailTooLong, invalid: rules.emailInvalid },
};

export function TeacherForm({
  teacher,
  busy,
  onSave,
  onClose,
}: {
  /** The teacher to edit; none to add one. */
  teacher: SchoolTeacher | null;
  busy: boolean;
  onSave: (input: TeacherInput) => void;
  onClose: () => void;
}) {
  const [values, setValues] = useState({
    prenom: teacher?.prenom ?? '',
    nom: teacher?.nom ?? '',
    phone: teacher?.phone ?? '',
    email: teacher?.email ?? '',
    username: '',
  });
  const [error, setError] = useState<{ field: TeacherField; message: string } | null>(null);
  const set = (field: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));

  function submit() {
    const checked = teacherProfile(values);
    if (!checked.ok)
      return setError({
        field: checked.field,
        message: MESSAGES[checked.field][checked.problem] ?? rules.prenomRequired,
      });
    setError(null);
    onSave({ ...checked.profile, ...(teacher ? {} : { username: values.username.trim() }) });
  }

  const errorOf = (field: TeacherField) => (error?.field === field ? error.message : null);
  /** A profile field's value, error, change and length limit. */
  const bound = (field: keyof typeof TEACHER_LIMITS) => ({
    value: values[field],
    onChange: set(field),
    error: errorOf(field),
    maxLength: TEACHER_LIMITS[field],
  });
  const suggested = teacherUsernameBase(values);
  return (
    <FormDialog
      title={teacher ? t.editTitle(`${teacher.prenom} ${teacher.nom}`) : t.addTitle}
      confirmLabel={busy ? t.saving : t.save}
      busy={busy}
      onSubmit={submit}
      onCancel={onClose}
    >
      <InputField label={t.prenom} marked autoComplete="off" {...bound('prenom')} />
      <InputField label={t.nom} marked autoComplete="off" {...bound('nom')} />
      <InputField label={t.phone} type="tel" inputMode="tel" {...bound('phone')} />
      <InputField label={t.email} type="email" inputMode="email" {...bound('email')} />
      {!teacher && (
        <InputField
          label={t.username}
          hint={t.usernameHint(suggested)}
          value={values.username}
          onChange={set('username')}
          maxLength={50}
          autoComplete="off"
          placeholder={suggested}
        />
      )}
    </FormDialog>
  );
}
