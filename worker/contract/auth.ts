// Sign-in, sessions and passwords (document 1 §2 and §7, document 2 §5). Unknown user and wrong
// password answer the same; the sign-in limits answer 429 with the wait (decision 040). A sign-in
// starts a device session whose cookie renews the short access token (decision 004); one's
// signed-in devices are listed and signed out from the Sécurité tab (decision 314).
import { z } from 'zod';
import { idParams, text } from './common';
import { type Answer, area, del, get, message, post, put } from './endpoint';
import { serverText } from './texts/server';
import { LANGUAGES } from '../domain/language';

const t = serverText.password;

/**
 * The account's data key on this device (decision 320): its id and its 256 bits (base64url). The
 * page imports it as a non-extractable key and keeps what the account stores on the phone with it.
 */
const dataKey = z.strictObject({ id: z.string(), key: z.string() });
const session = z.strictObject({ accessToken: z.string(), dataKey });
/** A sign-in: the token, the data key, and the language the account reads its side in (a pupil's choice, decision 340). */
const signedIn = z.strictObject({ accessToken: z.string(), dataKey, language: z.enum(LANGUAGES) });
const changed = z.strictObject({ message: z.string(), accessToken: z.string(), dataKey });
/** A temporary password replaced at first sign-in: the new one, and a fresh token. */
const forcedChange = {
  body: z.object({ newPassword: z.string({ error: t.forcedWeak }).max(256) }),
  answers: { 200: changed },
};
/** A signed-in device of one's own account (decision 314). */
const deviceSession = z.strictObject({
  id: z.string(),
  /** Its readable name: 'Chrome sur Android' (domain/devices.ts). */
  device: z.string(),
  /** When it was last used (its token last renewed; now for this device), ISO 8601. */
  lastUsedAt: z.string(),
  /** When it signed in, ISO 8601. */
  signedInAt: z.string(),
  /** The device making the request ('Cet appareil'). */
  current: z.boolean(),
});
const required = (message: string) => z.string({ error: message }).min(1, message).max(256);

export const authApi = area('auth', {
  login: post(
    '/login',
    "Signs in on the school's host (platform and guardian accounts on any host; a guardian by +509 phone): the session token.",
    {
      offline: 'never',
      body: z.object({ username: text(serverText.loginRequired, 100), password: required(serverText.loginRequired) }),
      answers: { 200: signedIn },
    },
  ),
  forcedChange: put(
    '/user/force-change-password',
    'Replaces a temporary password (staff, teachers, platform, guardians): a fresh token.',
    { ...forcedChange, offline: 'never' },
  ),
  studentForcedChange: put(
    '/student/force-change-password',
    "Replaces a student's temporary password: a fresh token.",
    { ...forcedChange, offline: 'never' },
  ),
  refresh: post(
    '/auth/refresh',
    "Renews the access token from the browser's device session (its cookie), whose credential it rotates.",
    { offline: 'never', answers: { 200: session } },
  ),
  logout: post(
    '/auth/logout',
    "Ends the browser's device session (its cookie; 401 without one) and forgets the cookie.",
    { offline: 'never', answers: { 200: message } },
  ),
  sessions: get(
    '/auth/sessions',
    "The signed-in devices of one's own account, the most recently used first, this one marked.",
    { answers: { 200: z.array(deviceSession) } },
  ),
  endSession: del(
    '/auth/sessions/:id',
    "Signs one of one's own devices out: its renewal and its access token end at once.",
    { offline: 'never', params: idParams, answers: { 200: message } },
  ),
  endAllSessions: del(
    '/auth/sessions',
    "Signs every device of one's own account out, this one included (its cookie is forgotten).",
    { offline: 'never', answers: { 200: message } },
  ),
  changePassword: put(
    '/user/change-password',
    "Changes one's own password from the security tab: a notice and a fresh token.",
    {
      offline: 'never',
      body: z.object({ currentPassword: required(t.changeRequired), newPassword: required(t.changeRequired) }),
      answers: { 200: changed },
    },
  ),
});

export type SignedIn = Answer<typeof authApi.login>;
export type PasswordChanged = Answer<typeof authApi.changePassword>;
export type Renewed = Answer<typeof authApi.refresh>;
export type DeviceSession = z.output<typeof deviceSession>;
