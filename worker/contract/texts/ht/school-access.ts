// Kreyòl: why a school's users are refused, also said by its sign-in page (../school-access.ts).
import type { schoolAccessText as french } from '../school-access';
import type { Texts } from '../shape';

export const schoolAccessText: Texts<typeof french> = {
  suspended: 'Aksè lekòl ou a sispann. Pale ak ekip platfòm nan.',
  expired: 'Aksè lekòl ou a ekspire. Pale ak ekip platfòm nan pou yo renouvle l.',
};
