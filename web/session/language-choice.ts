// A pupil's language kept with their account (issue 42, decision 340), so that another phone finds
// it: the sign-in's answer names the account's language, which the phone then shows, unless the
// pupil chose on this sign-in page before signing in: that choice goes to the account. A choice in
// the pupil's menu goes to the account at once (queued offline, like any write). Accounts that do
// not choose their language (the staff) leave the phone's choice as it is.
import { send } from '../api/calls';
import { endpoints } from '../api/endpoints';
import { choosesLanguage, type Language, languageOf } from '../../worker/domain/language';
import { chosenLanguage, showLanguage } from './language';
import type { Session } from './session';

/** A choice made on the sign-in page, for the account that signs in next. */
const TO_KEEP_KEY = 'languageToKeep';

const toKeep = {
  get: (): Language | null => {
    try {
      const value = localStorage.getItem(TO_KEEP_KEY);
      return value ? languageOf(value) : null;
    } catch {
      return null;
    }
  },
  set: (language: Language | null) => {
    try {
      if (language) localStorage.setItem(TO_KEEP_KEY, language);
      else localStorage.removeItem(TO_KEEP_KEY);
    } catch {
      // Storage refused: the phone keeps its choice for this page only.
    }
  },
};

const keep = (language: Language) =>
  send(endpoints.language.set, { body: { language } }).catch((error: unknown) => console.warn('language:', error));

/** The sign-in page's choice: this phone's now, and the account's that signs in next. */
export async function chooseBeforeSignIn(language: Language): Promise<void> {
  toKeep.set(language);
  await showLanguage(language);
}

/** The pupil's menu: this phone's choice and the account's. */
export async function chooseSignedIn(language: Language): Promise<void> {
  await showLanguage(language);
  await keep(language);
}

/**
 * After a sign-in that answered the account's language: the sign-in page's choice is kept with the
 * account (once its temporary password is replaced: `keepChosenLanguage`), otherwise the
 * account's language becomes the phone's.
 */
export async function languageAtSignIn(session: Session, accountLanguage: Language): Promise<void> {
  if (!choosesLanguage(session.role)) return toKeep.set(null);
  if (toKeep.get()) return keepChosenLanguage(session);
  if (accountLanguage !== chosenLanguage()) await showLanguage(accountLanguage);
}

/** The sign-in page's choice sent to the account, when the session may write (not while its password is temporary). */
export async function keepChosenLanguage(session: Session): Promise<void> {
  const language = toKeep.get();
  if (!language || session.status !== 'active' || !choosesLanguage(session.role)) return;
  toKeep.set(null);
  await keep(language);
}
