// Identity: names, sex, birth date, address, the NISU (asked only when the student has one) and
// the photo (reduced on the device before it is sent).
import { Button } from '../../../components/Button';
import { toast } from '../../../components/toast';
import { studentText } from '../../../i18n/students';
import { NISU_INPUT_MAX, NISU_LENGTH, normalizeNisu, STUDENT_LIMITS } from '../../../../worker/domain/students';
import { Avatar, resizePhoto } from '../photo';
import { BirthDate } from './BirthDate';
import { BoundField, TextField } from './BoundField';
import type { FormBinding } from './state';

const t = studentText.form;

export function IdentityFields({ form }: { form: FormBinding }) {
  const { state, set } = form;
  const choosePhoto = async (file: File | undefined) => {
    if (!file) return;
    try {
      set('photo', await resizePhoto(file));
    } catch {
      toast.error(t.photoUnreadable);
    }
  };
  return (
    <fieldset>
      <legend>{t.identity}</legend>
      <div className="form-grid">
        <TextField form={form} name="nom" label={t.nom} required maxLength={STUDENT_LIMITS.nom} autoComplete="off" />
        <TextField
          form={form}
          name="prenom"
          label={t.prenom}
          required
          maxLength={STUDENT_LIMITS.prenom}
          autoComplete="off"
        />
        <BoundField form={form} name="sexe" label={t.sexe} required>
          {(control) => (
            <select
              {...control}
              className="input"
              value={state.sexe}
              onChange={(e) => set('sexe', e.target.value as typeof state.sexe)}
            >
              <option value="">{t.sexeChoose}</option>
              <option value="M">{t.male}</option>
              <option value="F">{t.female}</option>
            </select>
          )}
        </BoundField>
        <BirthDate form={form} />
        <TextField form={form} name="birth_place" label={t.birthPlace} maxLength={STUDENT_LIMITS.birthPlace} />
        <TextField form={form} name="address" label={t.address} required wide maxLength={STUDENT_LIMITS.address} />
      </div>
      <label className="check">
        <input type="checkbox" checked={state.hasNisu} onChange={(e) => set('hasNisu', e.target.checked)} />
        {t.hasNisu}
      </label>
      {state.hasNisu && (
        <TextField
          form={form}
          name="nisu"
          label={t.nisu}
          required
          hint={`${t.nisuHint} (${state.nisu.length}/${NISU_LENGTH})`}
          className="input mono"
          clean={normalizeNisu}
          maxLength={NISU_INPUT_MAX}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
        />
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
            <Button look="ghost" onClick={() => set('photo', null)}>
              {t.photoRemove}
            </Button>
          )}
        </div>
        <p className="field-hint">{t.photoHint}</p>
      </div>
    </fieldset>
  );
}
