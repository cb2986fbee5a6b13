// Rules of the school information form (document 1 §2 "General", §5), shared by the worker and
// the general tab: lengths, the passing grade and the phone. Pure functions, no I/O.
import { normalizePhone } from './students';

export const SCHOOL_LIMITS = { name: 200, email: 200, address: 300, phone: 30 } as const;

/** The passing grade is a whole percentage (the form's number field has step 1). */
export const isPassingGrade = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 100;

/** The passing grade typed in the form, or null when it is not a whole number from 0 to 100. */
export function parsePassingGrade(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,3}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return isPassingGrade(value) ? value : null;
}

/** The school phone: empty, or a number the tutor phone rule accepts (Haiti by default). */
export const isSchoolPhone = (value: string): boolean =>
  value.trim() === '' || (value.length <= SCHOOL_LIMITS.phone && normalizePhone(value) !== 'invalid');
