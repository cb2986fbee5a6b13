// The choice of language, 'Français' or 'Kreyòl' (issue 42, decision 340), each named in itself and
// marked in its own language: on the sign-in page and in the pupil's menu. The pressed one is the
// page's language.
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../worker/domain/language';
import { languageText } from '../i18n/language';
import { useLanguage, useTexts } from '../session/language';
import './language-switch.css';

export function LanguageSwitch({ onChoose }: { onChoose: (language: Language) => void }) {
  const shown = useLanguage();
  const t = useTexts('language', languageText);
  return (
    <div className="language-switch" role="group" aria-label={t.label}>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          aria-pressed={shown === language}
          onClick={() => shown !== language && onChoose(language)}
        >
          {LANGUAGE_NAMES[language]}
        </button>
      ))}
    </div>
  );
}
