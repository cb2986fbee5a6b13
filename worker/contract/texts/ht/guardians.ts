// Kreyòl: what the API answers a guardian (../guardians.ts).
import type { guardianServerText as french } from '../guardians';
import type { Texts } from '../shape';

export const guardianServerText: Texts<typeof french> = {
  childNotFound: 'Nou pa jwenn pitit la.',
  alertsChosen: 'Nou anrejistre chwa alèt ou yo.',
  phoneSubscribed: 'Telefòn sa a ap resevwa alèt yo.',
  phoneUnsubscribed: 'Telefòn sa a p ap resevwa alèt yo ankò.',
  subscriptionInvalid: 'Abònman notifikasyon an pa bon.',
};
