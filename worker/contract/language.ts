// The language an account reads its side of the portal in (issue 42, decision 340): a pupil's
// choice of French or Kreyòl, kept with the account so that another phone finds it at sign-in
// (the sign-in's answer names it). A guardian chooses the same way (issue 43, decision 360).
import { z } from 'zod';
import { LANGUAGES } from '../domain/language';
import { area, type Answer, put } from './endpoint';

const chosen = z.strictObject({ language: z.enum(LANGUAGES) });

export const languageApi = area('language', {
  set: put('/user/language', "Keeps the language one's own side of the portal is read in: French or Kreyòl.", {
    body: z.object({ language: z.enum(LANGUAGES) }),
    answers: { 200: chosen },
  }),
});

export type LanguageChosen = Answer<typeof languageApi.set>;
