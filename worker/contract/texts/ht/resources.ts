// Kreyòl: what the API answers a pupil about their class's resources (../resources.ts: the others
// answer the staff only, in French).
import type { resourcesServerText as french } from '../resources';
import type { Texts } from '../shape';

export const resourcesServerText: Texts<Pick<typeof french, 'notFound'>> = {
  notFound: 'Nou pa jwenn resous la.',
};
