// The language the API answers in (issue 42, decision 340). The page sends `X-Language: ht` while
// its texts are Kreyòl; the answer is Kreyòl when no account is known yet (the sign-in page, a
// token refused) or the account is one that chooses its language (domain/language.ts: a pupil),
// French otherwise: the staff are answered in French whatever their phone says.
// Routes throw their French texts as they always did; the one error handler (app.ts) says them in
// the answer's language through `inLanguage`, which knows each French text of the modules below by
// its Kreyòl twin. A text with parameters (a wait in seconds, a device's name) and the validation's
// messages are written in the answer's language where they are made (`textsOf(c)`).
import type { Context } from 'hono';
import type { Account } from '../auth/session';
import { resourcesServerText } from '../contract/texts/resources';
import { serverText } from '../contract/texts/server';
import { sessionsServerText } from '../contract/texts/sessions';
import type { Texts } from '../contract/texts/shape';
import { studentServerText } from '../contract/texts/student';
import { guardianServerText } from '../contract/texts/guardians';
import { guardianServerText as kreyolGuardian } from '../contract/texts/ht/guardians';
import { resourcesServerText as kreyolResources } from '../contract/texts/ht/resources';
import { serverText as kreyolServer } from '../contract/texts/ht/server';
import { sessionsServerText as kreyolSessions } from '../contract/texts/ht/sessions';
import { studentServerText as kreyolStudent } from '../contract/texts/ht/student';
import { choosesLanguage, LANGUAGE_HEADER, type Language, languageOf } from '../domain/language';
import type { AppBindings } from '../env';

/** The texts the API may answer a pupil with, in one language: every language has this shape. */
export interface ServerTexts {
  server: Texts<Omit<typeof serverText, 'instance'>>;
  student: Texts<typeof studentServerText>;
  sessions: Texts<typeof sessionsServerText>;
  resources: Texts<Pick<typeof resourcesServerText, 'notFound'>>;
  guardian: Texts<typeof guardianServerText>;
}

const TEXTS: Record<Language, ServerTexts> = {
  fr: {
    server: serverText,
    student: studentServerText,
    sessions: sessionsServerText,
    resources: resourcesServerText,
    guardian: guardianServerText,
  },
  ht: {
    server: kreyolServer,
    student: kreyolStudent,
    sessions: kreyolSessions,
    resources: kreyolResources,
    guardian: kreyolGuardian,
  },
};

/** The language of the answer to this request. */
export function answerLanguage(c: Context<AppBindings>): Language {
  const asked = languageOf(c.req.header(LANGUAGE_HEADER));
  if (asked === 'fr') return asked;
  // Set by the route's access rule once the caller is known.
  const account = c.get('account') as Account | undefined;
  return !account || choosesLanguage(account.type) ? asked : 'fr';
}

/** The API's texts in the language of the answer to this request. */
export const textsOf = (c: Context<AppBindings>): ServerTexts => TEXTS[answerLanguage(c)];

/** Each French text of TEXTS with its twin in another language, found by walking both modules. */
function twins(french: unknown, other: unknown, into: Map<string, string>): Map<string, string> {
  if (typeof french === 'string' && typeof other === 'string') {
    if (!into.has(french)) into.set(french, other);
  } else if (typeof french === 'object' && french !== null && typeof other === 'object' && other !== null) {
    for (const [key, value] of Object.entries(other)) twins((french as Record<string, unknown>)[key], value, into);
  }
  return into;
}

const byFrench = new Map<Language, Map<string, string>>();

/** A French text of the API said in `language` (itself when it has no twin: data, or already said). */
export function inLanguage(message: string, language: Language): string {
  if (language === 'fr') return message;
  let known = byFrench.get(language);
  if (!known) byFrench.set(language, (known = twins(TEXTS.fr, TEXTS[language], new Map())));
  return known.get(message) ?? message;
}
