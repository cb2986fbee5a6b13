// A school whose access expired more than 7 days ago is locked for its users (product decisions).
export const GRACE_PERIOD_DAYS = 7;

export function isSchoolLocked(expiresAt: string | null, now: Date): boolean {
  if (!expiresAt) return false;
  const end = Date.parse(expiresAt);
  if (Number.isNaN(end)) return false;
  return now.getTime() > end + GRACE_PERIOD_DAYS * 24 * 60 * 60 * 1000;
}
