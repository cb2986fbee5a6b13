// What the pupil's side of the portal says, in one language (issue 42, decision 340): the French
// modules of web/i18n (and the API's texts the page says itself), or the parts of them a pupil and
// the sign-in page show. Kreyòl's modules (web/i18n/ht/) have this shape: a text missing in Kreyòl
// is a type error. Types only: the French modules stay where the screens import them, and the
// Kreyòl ones come in their own chunk, to the phones that choose it (session/language.ts).
import type { Texts } from '../../worker/contract/texts/shape';
import type { passwordText } from '../../worker/contract/texts/password';
import type { schoolAccessText } from '../../worker/contract/texts/school-access';
import type { sessionsServerText } from '../../worker/contract/texts/sessions';
import type { authText } from './auth';
import type { commonText } from './common';
import type { docsText } from './docs';
import type { guardianText } from './guardian';
import type { languageText } from './language';
import type { offlineText } from './offline';
import type { resourcesText } from './resources';
import type { devicesText, securityText } from './security';
import type { shellText } from './shell';
import type { studentText } from './student';
import type { timetableText } from './timetable';

type Shell = typeof shellText;

export interface KreyolTexts {
  auth: Texts<typeof authText>;
  common: Texts<typeof commonText>;
  devices: Texts<typeof devicesText>;
  docs: Texts<typeof docsText>;
  guardian: Texts<typeof guardianText>;
  language: Texts<typeof languageText>;
  offline: Texts<typeof offlineText>;
  password: Texts<typeof passwordText>;
  resources: Texts<
    Pick<
      typeof resourcesText,
      | 'studentTitle'
      | 'preview'
      | 'openLink'
      | 'download'
      | 'close'
      | 'studentEmpty'
      | 'types'
      | 'by'
      | 'size'
      | 'previewTitle'
      | 'loadingPreview'
      | 'notFound'
      | 'unsupported'
    >
  >;
  schoolAccess: Texts<typeof schoolAccessText>;
  security: Texts<typeof securityText>;
  sessions: Texts<typeof sessionsServerText>;
  shell: Texts<
    Pick<Shell, 'student' | 'status' | 'session' | 'refused' | 'maintenance' | 'errors' | 'offline' | 'toast'> & {
      nav: Pick<Shell['nav'], 'logout' | 'openMenu' | 'closeMenu' | 'mainMenu'>;
      screens: Pick<Shell['screens'], 'security'>;
    }
  >;
  student: Texts<typeof studentText>;
  timetable: Texts<
    Pick<typeof timetableText, 'days' | 'empty' | 'noLocation' | 'today' | 'week' | 'timeRange' | 'lesson'>
  >;
}
