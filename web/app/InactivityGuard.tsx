// After 28 minutes without activity a modal counts 2:00 down; at 30 minutes the user is
// signed out with the spec's warning (document 1 §4).
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Dialog } from '../components/Dialog';
import { shellText } from '../i18n/shell';
import { signOut } from '../session/logout';
import { useTexts } from '../session/language';

export const WARNING_AFTER_MS = 28 * 60 * 1000;
export const LOGOUT_AFTER_MS = 30 * 60 * 1000;
const ACTIVITY_EVENTS = ['mousemove', 'keydown', 'click', 'scroll'] as const;

const formatCountdown = (ms: number) => {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

export function InactivityGuard() {
  const navigate = useNavigate();
  const lastActivity = useRef(Date.now());
  const [remainingMs, setRemainingMs] = useState<number | null>(null);
  const warning = remainingMs !== null;
  const t = useTexts('shell', shellText).session;

  const logout = () => {
    void signOut(navigate, t.loggedOutInactive);
  };
  const logoutRef = useRef(logout);
  logoutRef.current = logout;

  useEffect(() => {
    if (warning) return;
    const touch = () => (lastActivity.current = Date.now());
    ACTIVITY_EVENTS.forEach((e) => window.addEventListener(e, touch, { passive: true }));
    return () => ACTIVITY_EVENTS.forEach((e) => window.removeEventListener(e, touch));
  }, [warning]);

  useEffect(() => {
    const timer = setInterval(() => {
      const idle = Date.now() - lastActivity.current;
      if (idle >= LOGOUT_AFTER_MS) {
        clearInterval(timer);
        logoutRef.current();
      } else if (idle >= WARNING_AFTER_MS) {
        setRemainingMs(LOGOUT_AFTER_MS - idle);
      }
    }, 1000);
    return () => clearInterval(timer);
  }, []);

  if (!warning) return null;
  const stay = () => {
    lastActivity.current = Date.now();
    setRemainingMs(null);
  };
  return (
    <Dialog
      title={t.inactivityTitle}
      onClose={stay}
      cancelLabel={t.logout}
      confirmLabel={t.stay}
      onCancel={logout}
      onConfirm={stay}
    >
      <p>
        {t.inactivityBody}{' '}
        <strong className="countdown" aria-live="polite">
          {formatCountdown(remainingMs)}
        </strong>
      </p>
    </Dialog>
  );
}
