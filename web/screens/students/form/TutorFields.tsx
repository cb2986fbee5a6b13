// The guardian: name, phone (Haiti by default, shown as the server stores it once typed) and e-mail.
import { studentText } from '../../../i18n/students';
import { normalizePhone, STUDENT_LIMITS } from '../../../../worker/domain/students';
import { TextField } from './BoundField';
import type { FormBinding } from './state';

const t = studentText.form;

export function TutorFields({ form }: { form: FormBinding }) {
  const phone = form.state.tutor_phone;
  return (
    <fieldset>
      <legend>{t.tutor}</legend>
      <div className="form-grid">
        <TextField form={form} name="tutor_name" label={t.tutorName} wide maxLength={STUDENT_LIMITS.tutorName} />
        <TextField
          form={form}
          name="tutor_phone"
          label={t.tutorPhone}
          hint={t.tutorPhoneHint}
          type="tel"
          inputMode="tel"
          placeholder="+509 3712 3456"
          maxLength={24}
          onBlur={() => {
            const normalized = normalizePhone(phone);
            if (normalized && normalized !== 'invalid' && normalized !== phone) form.set('tutor_phone', normalized);
          }}
        />
        <TextField
          form={form}
          name="tutor_email"
          label={t.tutorEmail}
          type="email"
          inputMode="email"
          maxLength={STUDENT_LIMITS.tutorEmail}
        />
      </div>
    </fieldset>
  );
}
