// The language of one's own side of the portal: the routes of contract/language.ts (decision 340).
import { Hono } from 'hono';
import { allow } from '../auth/access';
import { languageApi as api, type LanguageChosen } from '../contract/language';
import * as guardians from '../db/guardians';
import * as users from '../db/users';
import { KREYOL_ACCOUNT_TYPES, LANGUAGE_NAMES } from '../domain/language';
import type { AppBindings } from '../env';
import { route } from '../lib/route';
import { commit } from '../lib/write';

export const languageRoutes = new Hono<AppBindings>();

// The accounts that choose their language (a pupil, a guardian): kept with the account (a pupil's
// row in its school, a guardian's profile in the directory), read at each sign-in.
route(languageRoutes, api.set, allow.types(...KREYOL_ACCOUNT_TYPES), async (c) => {
  const { language } = c.req.valid('json');
  const { account } = c.var;
  const statement = account.instanceId
    ? users.setLanguage(c.var.db, account.instanceId, account.id, language)
    : guardians.setLanguage(c.var.directory, account.id, language);
  return commit(c, [statement], {
    audit: { action: 'SET_LANGUAGE', target: LANGUAGE_NAMES[language] },
    body: { language } satisfies LanguageChosen,
  });
});
