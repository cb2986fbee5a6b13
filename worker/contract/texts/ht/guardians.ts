// Kreyòl: what the API answers a guardian (../guardians.ts).
import type { guardianServerText as french } from '../guardians';
import type { Texts } from '../shape';

export const guardianServerText: Texts<typeof french> = {
  childNotFound: 'Nou pa jwenn pitit la.',
};
