// Kreyòl: the password forms' texts, the server's answers and the forms' own checks (the French
// module: ../password.ts; glossary: docs/kreyol-glossary.md).
import type { passwordText as french } from '../password';
import type { Texts } from '../shape';

/** The wait a refused attempt names (429): 'Eseye ankò nan 30 segonn.', in whole minutes from one minute. */
export const retryIn = (seconds: number) =>
  seconds < 60 ? `Eseye ankò nan ${seconds} segonn.` : `Eseye ankò nan ${Math.ceil(seconds / 60)} minit.`;

export const passwordText: Texts<typeof french> = {
  forcedWeak: 'Modpas la pa respekte kritè sekirite yo.',
  forcedMismatch: 'De modpas yo pa menm.',
  changeRequired: 'Ou dwe ranpli tout chan yo.',
  changeMismatch: 'De nouvo modpas yo pa menm.',
  changeWeak: 'Nouvo modpas la pa respekte tout kritè sekirite yo.',
  changeSame: 'Nouvo modpas la dwe diferan de ansyen an.',
  wrongCurrent: 'Modpas ou genyen kounye a pa kòrèk.',
  tooManyTries: (seconds: number) => `Twòp modpas ki pa kòrèk. ${retryIn(seconds)}`,
  changed: 'Modpas la chanje.',
};
