// The suspension warning above the administration panel, from the school's expires_at
// (document 1 §4): warning under 7 days, danger under 3, a live countdown on the last day.
import { useEffect, useState } from 'react';
import { countdownClock, suspensionNotice } from '../../../worker/domain/school-access';
import { adminText } from '../../i18n/admin';

const t = adminText.suspension;

export function SuspensionBanner({ expiresAt }: { expiresAt: string | null }) {
  const [now, setNow] = useState(() => new Date());
  const notice = suspensionNotice(expiresAt, now);
  const ticking = notice.level === 'countdown';
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, [ticking]);
  switch (notice.level) {
    case 'none':
      return null;
    case 'warning':
      return (
        <p className="notice tone-warning suspension" role="status">
          {t.days(notice.days)}
        </p>
      );
    case 'danger':
      return (
        <p className="notice tone-error suspension" role="alert">
          {t.daysHours(notice.days, notice.hours)}
        </p>
      );
    case 'countdown':
      return (
        <p className="notice tone-error suspension" role="timer">
          {t.countdown(countdownClock(notice.seconds))}
        </p>
      );
    case 'expired':
      return (
        <p className="notice tone-error suspension" role="alert">
          {t.expired}
        </p>
      );
  }
}
