// The language of one's own side of the portal: the routes of contract/language.ts (decision 340).
import { Hono } from 'hono';
import { allow } from '../auth/access';
import { languageApi as api, type LanguageChosen } from '../contract/language';
import * as users from '../db/users';
import { KREYOL_ACCOUNT_TYPES, LANGUAGE_NAMES } from '../domain/language';
import type { SchoolBindings } from '../env';
import { route } from '../lib/route';
import { commit } from '../lib/write';

export const languageRoutes = new Hono<SchoolBindings>();

// The accounts that choose their language (a pupil): kept on their row, read at each sign-in.
route(languageRoutes, api.set, allow.types(...KREYOL_ACCOUNT_TYPES), async (c) => {
  const { language } = c.req.valid('json');
  const { account, school } = c.var;
  return commit(c, [users.setLanguage(c.var.db, school, account.id, language)], {
    audit: { action: 'SET_LANGUAGE', target: LANGUAGE_NAMES[language] },
    body: { language } satisfies LanguageChosen,
  });
});
