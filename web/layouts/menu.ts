// Menu entries per role and permission (document 1 §2 "Layouts", document 2 §2 "Top navigation bar").
import { shellText } from '../i18n/shell';
import { hasPermission, isPlatform, type Session } from '../session/session';

export interface MenuItem {
  to: string;
  label: string;
  /** Why the entry is greyed out, shown as its tooltip. */
  disabled?: string;
  /** A count shown beside the label (the unread support messages), with its spoken text. */
  badge?: { count: number; label: string };
}

export function staffMenu(s: Session): MenuItem[] {
  const t = shellText.nav;
  const manager = hasPermission(s, 'user:manage') && !isPlatform(s);
  const portal: MenuItem[] =
    hasPermission(s, 'student_portal:manage_accounts') && (manager || s.role === 'standard')
      ? [{ to: '/student-portal', label: t.studentPortal }]
      : [];
  if (manager) {
    return [
      { to: '/admin', label: t.administration },
      { to: '/dashboard', label: t.dashboard },
      ...portal,
      { to: '/admin/contact', label: t.support },
      { to: '/docs', label: t.documentation },
    ];
  }
  // Sécurité (the password and one's devices, decision 314): a tab of the administration's and
  // the teacher's spaces; its own page for the other accounts.
  const security: MenuItem = { to: '/security', label: t.security };
  if (s.role === 'standard')
    return [{ to: '/dashboard', label: t.dashboard }, ...portal, security, { to: '/docs', label: t.documentation }];
  if (isPlatform(s)) return [security, { to: '/docs', label: t.documentation }];
  return [{ to: '/docs', label: t.documentation }];
}

/** The pupil's menu, in the page's language (`t`: its texts, French by default). */
export function studentMenu(t: { [K in keyof typeof shellText.student]: string } = shellText.student): MenuItem[] {
  return [
    { to: '/student', label: t.dashboard },
    { to: '/student/timetable', label: t.timetable },
    { to: '/student/grades', label: t.grades },
    { to: '/student/resources', label: t.resources },
    { to: '/student/finance', label: t.finance },
    { to: '/student/security', label: t.security },
    { to: '/student/docs', label: t.docs },
  ];
}
