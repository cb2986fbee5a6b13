// The password policy of the spec (document 1 §5, document 2 §5), shared by the server and the
// forms' live hints. Messages are the spec's, word for word.

export const PASSWORD_MIN_LENGTH = 11;

export interface PasswordCriteria {
  length: boolean;
  lowercase: boolean;
  uppercase: boolean;
  digit: boolean;
  special: boolean;
}

export function passwordCriteria(password: string): PasswordCriteria {
  return {
    length: password.length >= PASSWORD_MIN_LENGTH,
    lowercase: /\p{Ll}/u.test(password),
    uppercase: /\p{Lu}/u.test(password),
    digit: /\d/.test(password),
    special: /[^\p{L}\p{N}]/u.test(password),
  };
}

export const isStrongPassword = (password: string): boolean => Object.values(passwordCriteria(password)).every(Boolean);

/** 0 to 5: how many criteria hold, for the strength indicator. */
export const passwordStrength = (password: string): number =>
  password ? Object.values(passwordCriteria(password)).filter(Boolean).length : 0;
