// Kreyòl: the sign-in and password screens (../auth.ts). Read at build time too, for the sign-in
// form painted before the app starts (screens/login/first-paint.ts): no value imports.
import type { KreyolTexts } from '../kreyol';

export const authText: KreyolTexts['auth'] = {
  login: {
    title: 'Koneksyon',
    subtitle: 'Antre nan espas ou',
    username: 'Non itilizatè',
    password: 'Modpas',
    submit: 'Konekte',
    submitting: 'N ap konekte...',
    backToLanding: 'Tounen nan paj akèy la',
    showPassword: 'Montre modpas la',
    hidePassword: 'Kache modpas la',
    securityUpdate: 'Pou sekirite ou, ou dwe chanje modpas ou.',
    genericError: 'Gen yon erè ki rive.',
    offline: 'Ou pa sou entènèt. Ou bezwen entènèt pou konekte.',
    required: 'Tanpri, antre non itilizatè ou ak modpas ou.',
  },
  forced: {
    title: 'Ou dwe chanje modpas ou',
    intro: 'Pou sekirite ou, mete yon modpas pa ou nan plas modpas tanporè a.',
    newPassword: 'Nouvo modpas',
    confirm: 'Konfime modpas la',
    submit: 'Chanje modpas la',
    submitting: 'N ap chanje l...',
    match: 'De modpas yo menm.',
    mismatch: 'De modpas yo pa menm.',
    weak: 'Modpas la pa respekte kritè sekirite yo.',
    required: 'Ou dwe ranpli de chan yo.',
    invalidResponse: 'Repons sèvè a pa kòrèk.',
    unknownError: 'Gen yon erè nou pa konnen ki rive.',
    success: 'Modpas la chanje san pwoblèm.',
  },
  criteria: {
    heading: 'Modpas la dwe genyen :',
    length: 'omwen 11 karaktè',
    lowercase: 'yon lèt miniskil',
    uppercase: 'yon lèt majiskil',
    digit: 'yon chif',
    special: 'yon karaktè espesyal',
  },
  strength: {
    label: 'Fòs :',
    levels: ['Fèb anpil', 'Fèb anpil', 'Fèb', 'Mwayen', 'Bon', 'Ekselan'],
  },
};
