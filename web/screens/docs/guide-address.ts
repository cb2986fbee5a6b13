// Which guide a role reads and where it is served: apart from guide.ts's rules, because the
// service worker is told the signed-in account's guide from the app's entry (app/offline-screens.tsx).
import type { AccountType } from '../../session/session';
import type { Language } from '../../../worker/domain/language';

/** The guides in docs/guides/, served as /docs/{role}.md and, rendered at build time, /docs/{role}.json. */
export const GUIDE_ROLES = ['admin', 'standard', 'teacher', 'student', 'superadmin'] as const;
export type GuideRole = (typeof GUIDE_ROLES)[number];

/** The guide a session's role reads: the platform's delegate reads the superadmin's; a guardian none yet (null). */
export function guideRoleOf(role: AccountType): GuideRole | null {
  if (role === 'guardian') return null;
  return role === 'superadmin_delegate' ? 'superadmin' : role;
}

/** The guides written in Kreyòl too (docs/guides/{role}.ht.md, issue 42): the pupils'. */
export const KREYOL_GUIDES: readonly GuideRole[] = ['student'];

/**
 * The guide as the screen reads it: the tree react-markdown made of it at build time (decision
 * 165), in Kreyòl (`/docs/student.ht.json`) when the page is and the guide exists in it.
 */
export const guideAddress = (role: GuideRole, language: Language = 'fr') =>
  `/docs/${role}${language === 'ht' && KREYOL_GUIDES.includes(role) ? '.ht' : ''}.json`;
