// Kreyòl: the pupil's Sekirite page: the password change and one's signed-in devices (../security.ts).
import type { KreyolTexts } from '../kreyol';

export const securityText: KreyolTexts['security'] = {
  title: 'Chanje modpas mwen',
  current: 'Modpas ou genyen kounye a',
  next: 'Nouvo modpas',
  confirm: 'Konfime nouvo modpas la',
  submit: 'Chanje modpas la',
  submitting: 'N ap chanje l...',
  match: 'De modpas yo menm.',
};

export const devicesText: KreyolTexts['devices'] = {
  title: 'Aparèy ki konekte',
  intro: 'Kont ou a konekte sou aparèy sa yo. Dekonekte sa ou pa rekonèt, oswa yon telefòn ou pèdi.',
  loading: 'N ap chaje aparèy yo...',
  current: 'Aparèy sa a',
  activeNow: 'Aktif kounye a',
  lastUse: (when: string, time: string) => `Dènye fwa li te sèvi : ${when}, a ${time}`,
  today: 'jodi a',
  yesterday: 'yè',
  on: (date: string) => date,
  endOne: 'Dekonekte',
  endOneLabel: (device: string) => `Dekonekte ${device}`,
  endAll: 'Dekonekte tout aparèy yo',
  endAllTitle: 'Dekonekte tout aparèy yo ?',
  endAllBody:
    'Tout aparèy ki konekte sou kont ou a pral dekonekte, menm aparèy sa a : ou va oblije antre modpas ou ankò sou chak.',
  offline: 'Ou pa sou entènèt : ou ka dekonekte yon aparèy sèlman lè w sou entènèt.',
};
