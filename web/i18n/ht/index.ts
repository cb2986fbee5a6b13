// Every text of the pupil's side in Kreyòl (issue 42, decision 340): one chunk, loaded only by
// the phones that choose Kreyòl (session/language.ts), stored for offline use with the pupil's
// screens. Each module has its French twin's shape (../kreyol.ts).
import type { KreyolTexts } from '../kreyol';
import { passwordText } from '../../../worker/contract/texts/ht/password';
import { schoolAccessText } from '../../../worker/contract/texts/ht/school-access';
import { sessionsServerText } from '../../../worker/contract/texts/ht/sessions';
import { authText } from './auth';
import { commonText } from './common';
import { docsText } from './docs';
import { guardianText } from './guardian';
import { languageText } from './language';
import { offlineText } from './offline';
import { resourcesText } from './resources';
import { devicesText, securityText } from './security';
import { shellText } from './shell';
import { studentText } from './student';
import { timetableText } from './timetable';

export const kreyol: KreyolTexts = {
  auth: authText,
  common: commonText,
  devices: devicesText,
  docs: docsText,
  guardian: guardianText,
  language: languageText,
  offline: offlineText,
  password: passwordText,
  resources: resourcesText,
  schoolAccess: schoolAccessText,
  security: securityText,
  sessions: sessionsServerText,
  shell: shellText,
  student: studentText,
  timetable: timetableText,
};
