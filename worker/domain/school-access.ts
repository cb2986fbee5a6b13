// A school whose access expired more than 7 days ago is locked for its users (product decisions).
export const GRACE_PERIOD_DAYS = 7;

export function isSchoolLocked(expiresAt: string | null, now: Date): boolean {
  if (!expiresAt) return false;
  const end = Date.parse(expiresAt);
  if (Number.isNaN(end)) return false;
  return now.getTime() > end + GRACE_PERIOD_DAYS * 24 * 60 * 60 * 1000;
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The suspension banner above the administration panel (document 1 §4, §9: 7, 3 and 1 day). */
export type SuspensionNotice =
  | { level: 'none' }
  | { level: 'warning'; days: number }
  | { level: 'danger'; days: number; hours: number }
  | { level: 'countdown'; seconds: number }
  | { level: 'expired' };

export function suspensionNotice(expiresAt: string | null, now: Date): SuspensionNotice {
  const end = expiresAt ? Date.parse(expiresAt) : NaN;
  if (Number.isNaN(end)) return { level: 'none' };
  const left = end - now.getTime();
  if (left <= 0) return { level: 'expired' };
  if (left >= 7 * DAY_MS) return { level: 'none' };
  if (left < DAY_MS) return { level: 'countdown', seconds: Math.floor(left / 1000) };
  const days = Math.floor(left / DAY_MS);
  if (left < 3 * DAY_MS) return { level: 'danger', days, hours: Math.floor((left - days * DAY_MS) / HOUR_MS) };
  return { level: 'warning', days };
}

/** 'HH:MM:SS' for the last day's countdown. */
export function countdownClock(seconds: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
}
