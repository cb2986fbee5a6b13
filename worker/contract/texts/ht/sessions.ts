// Kreyòl: one's signed-in devices, what the API answers about them and how a device is named in
// the Sekirite list (../sessions.ts).
import type { sessionsServerText as french } from '../sessions';
import type { Texts } from '../shape';

export const sessionsServerText: Texts<typeof french> = {
  ended: 'Aparèy la dekonekte.',
  allEnded: 'Tout aparèy ou yo dekonekte.',
  notFound: 'Aparèy sa a pa konekte ankò.',
  userEnded: (username: string) => `Tout aparèy ${username} yo dekonekte.`,
  ownFromSecurity: 'Dekonekte pwòp aparèy ou yo nan paj Sekirite a.',
  device: {
    on: (browser: string, system: string) => `${browser} sou ${system}`,
    browserOn: (system: string) => `Navigatè sou ${system}`,
    unknown: 'Aparèy nou pa konnen',
  },
};
