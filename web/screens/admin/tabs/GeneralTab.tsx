// General tab: the school's information and logo (document 1 §2, §5), saved in one call to the
// existing PUT /api/instance/current; the logo goes to R2 and is served by the Worker.
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { endpoints } from '../../../api/endpoints';
import { useWrite } from '../../../api/useWrite';
import { Button } from '../../../components/Button';
import { Field, InputField, SelectField, ValueOptions } from '../../../components/Field';
import { SubmitButton } from '../../../components/SubmitButton';
import { toast } from '../../../components/toast';
import { adminText } from '../../../i18n/admin';
import { offlineText } from '../../../i18n/offline';
import { serverText } from '../../../i18n/server';
import { type SchoolInfo, useSchool } from '../../../layouts/school';
import { CURRENCIES } from '../../../../worker/domain/money';
import { isSchoolPhone, parsePassingGrade, SCHOOL_LIMITS } from '../../../../worker/domain/school';
import { isEmail } from '../../../../worker/domain/students';
import { cleanText } from '../../../../worker/domain/text';

const t = adminText.general;
const LOGO_MAX_BYTES = 512 * 1024;
const LOGO_TYPES = 'image/png,image/jpeg,image/gif,image/webp';

/** '+509 3344 5566' -> country code and number; Haiti by default (document 1 §5). */
function splitPhone(phone: string | null): { code: string; number: string } {
  const text = (phone ?? '').trim();
  if (!text) return { code: '+509', number: '' };
  const known = t.countries.filter((c) => c.code).find((c) => text.startsWith(`${c.code} `) || text === c.code);
  return known ? { code: known.code, number: text.slice(known.code.length).trim() } : { code: '', number: text };
}

function Form({ school, onSaved }: { school: SchoolInfo; onSaved: () => void }) {
  const phone = splitPhone(school.phone);
  const [form, setForm] = useState({
    name: school.name,
    email: school.email ?? '',
    address: school.address ?? '',
    code: phone.code,
    number: phone.number,
    passing_grade: String(school.passing_grade),
    currency: school.currency,
  });
  const [logo, setLogo] = useState<string | null>(school.logo_url);
  // The school's information is the shell's: a saved change reloads it.
  const { write, busy } = useWrite(null, { reload: onSaved });
  const set = (field: keyof typeof form) => (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setForm((f) => ({ ...f, [field]: e.target.value }));

  function pickLogo(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (!LOGO_TYPES.split(',').includes(file.type)) return toast.error(serverText.instance.logoType);
    if (file.size > LOGO_MAX_BYTES) return toast.error(serverText.instance.logoTooLarge);
    const reader = new FileReader();
    reader.onload = () => setLogo(String(reader.result));
    reader.readAsDataURL(file);
  }

  /** The server's rules (domain/school.ts), checked before sending, with its messages. */
  function problem(phone: string | null, passingGrade: number | null): string | null {
    const rules = serverText.instance;
    if (!cleanText(form.name)) return rules.nameRequired;
    if (cleanText(form.email) && !isEmail(cleanText(form.email))) return rules.invalidEmail;
    if (phone && !isSchoolPhone(phone)) return rules.invalidPhone;
    if (passingGrade === null) return rules.invalidPassingGrade;
    return null;
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const number = cleanText(form.number);
    const phone = number ? `${form.code ? `${form.code} ` : ''}${number}` : null;
    const passingGrade = parsePassingGrade(form.passing_grade);
    const refused = problem(phone, passingGrade);
    if (refused || passingGrade === null) return toast.error(refused ?? serverText.instance.invalidPassingGrade);
    await write(
      endpoints.instance.update,
      {
        body: {
          name: cleanText(form.name),
          email: cleanText(form.email),
          address: cleanText(form.address) || null,
          phone,
          passing_grade: passingGrade,
          currency: form.currency,
          logo_url: logo,
        },
      },
      { success: serverText.instance.updated, queued: offlineText.queued.update },
    );
  }

  return (
    <form className="general-form" onSubmit={save}>
      <InputField label={t.name} value={form.name} onChange={set('name')} required maxLength={SCHOOL_LIMITS.name} />
      <div className="form-row">
        <InputField
          label={t.email}
          type="email"
          value={form.email}
          onChange={set('email')}
          maxLength={SCHOOL_LIMITS.email}
        />
        <Field label={t.phone} hint={t.phoneHint}>
          {(control) => (
            <div className="phone-input">
              <select className="input" aria-label={t.country} value={form.code} onChange={set('code')}>
                {t.countries.map((c) => (
                  <option key={c.label} value={c.code}>
                    {c.label}
                  </option>
                ))}
              </select>
              <input
                {...control}
                type="tel"
                className="input"
                value={form.number}
                onChange={set('number')}
                maxLength={25}
              />
            </div>
          )}
        </Field>
      </div>
      <InputField label={t.address} value={form.address} onChange={set('address')} maxLength={SCHOOL_LIMITS.address} />
      <div className="form-row">
        <InputField
          label={t.passingGrade}
          inputMode="numeric"
          autoComplete="off"
          required
          value={form.passing_grade}
          onChange={set('passing_grade')}
        />
        <SelectField label={t.currency} value={form.currency} onChange={set('currency')}>
          <ValueOptions values={CURRENCIES} name={(c) => t.currencies[c]} />
        </SelectField>
      </div>
      <fieldset className="framed logo-field">
        <legend>{t.logo}</legend>
        {logo ? <img src={logo} alt={t.logo} width={96} height={96} /> : <p className="muted">{t.noLogo}</p>}
        <div className="logo-actions">
          <label className="btn btn-secondary">
            {t.chooseLogo}
            <input type="file" accept={LOGO_TYPES} className="sr-only" onChange={pickLogo} />
          </label>
          {logo && (
            <Button look="ghost" onClick={() => setLogo(null)}>
              {t.removeLogo}
            </Button>
          )}
        </div>
        <p className="muted">{t.logoHint}</p>
      </fieldset>
      <SubmitButton busy={busy} busyLabel={adminText.common.saving}>
        {adminText.common.save}
      </SubmitButton>
    </form>
  );
}

export function GeneralTab() {
  const { school, reload } = useSchool();
  return (
    <>
      <h2>{t.title}</h2>
      {school && <Form school={school} onSaved={reload} />}
    </>
  );
}
