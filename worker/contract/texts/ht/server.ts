// Kreyòl: the texts the API answers a pupil with, whatever the area (../server.ts). The school's
// settings (`instance`) answer the staff only, in French. The fields a pupil's requests carry have
// their Kreyòl names (test/worker/kreyol.test.ts walks the routes a pupil may call); a field
// without one is named by the whole message 'Done yo pa kòrèk.'.
import type { serverText as french } from '../server';
import type { Texts } from '../shape';
import { passwordText, retryIn } from './password';
import { schoolAccessText } from './school-access';

export const serverText: Texts<Omit<typeof french, 'instance'>> = {
  invalidJson: 'Demann lan pa gen yon JSON ki kòrèk.',
  notJsonObject: 'Demann lan dwe gen yon objè JSON.',
  unsupportedMediaType: 'Demann lan dwe voye an JSON (Content-Type: application/json).',
  invalidData: 'Done yo pa kòrèk.',
  field: (label: string, reason: string) => `« ${label} » : ${reason}`,
  fieldAt: (label: string, position: number) => `${label} (liy ${position})`,
  reasons: {
    required: 'ou dwe ranpli chan sa a.',
    text: 'li dwe yon tèks.',
    number: 'li dwe yon nonb.',
    integer: 'li dwe yon nonb antye.',
    boolean: 'li dwe wi oswa non.',
    list: 'li dwe yon lis.',
    object: 'li dwe yon gwoup chan.',
    invalid: 'valè sa a pa kòrèk.',
    format: 'fòma a pa kòrèk.',
    email: 'sa a se pa yon adrès imèl ki kòrèk.',
    choice: 'chwa sa a pa egziste.',
    tooShort: (n: number) => `omwen ${n} karaktè.`,
    tooLong: (n: number) => `pa plis pase ${n} karaktè.`,
    tooFew: (n: number) => `omwen ${n} eleman.`,
    tooMany: (n: number) => `pa plis pase ${n} eleman.`,
    tooSmall: (n: number) => `valè a dwe omwen ${n}.`,
    tooBig: (n: number) => `valè a pa dwe depase ${n}.`,
  },
  /** The fields of the requests a pupil may send. */
  fields: {
    currentPassword: 'Modpas ou genyen kounye a',
    id: 'Idantifyan',
    language: 'Lang',
    newPassword: 'Nouvo modpas',
    password: 'Modpas',
    paths: 'Adrès pou li',
    username: 'Non itilizatè',
    version: 'Vèsyon',
    yearId: 'Ane lekòl',
  },
  unauthorized: 'Sesyon ou an pa valab ankò. Tanpri, konekte ankò.',
  forbidden: 'Ou pa gen dwa fè sa.',
  notFound: 'Nou pa jwenn resous sa a.',
  yearNotFound: 'Nou pa jwenn ane lekòl la.',
  classNotFound: 'Nou pa jwenn klas la.',
  pageInvalid: 'Nimewo paj la pa kòrèk.',
  limitInvalid: 'Kantite pa paj la pa kòrèk (1 rive 100).',
  routeNotFound: 'Adrès sa a pa egziste.',
  internal: 'Gen yon erè ki rive.',
  tooLarge: 'Demann lan twò gwo.',
  badCredentials: 'Non itilizatè a oswa modpas la pa kòrèk.',
  signedOut: 'Ou dekonekte.',
  loginRequired: 'Ou dwe antre non itilizatè a ak modpas la.',
  tooManyAttempts: (seconds: number) => `Twòp esè pou konekte. ${retryIn(seconds)}`,
  passwordNotTemporary:
    'Modpas ou a pa yon modpas tanporè : chanje l nan paj Sekirite a, ak modpas ou genyen kounye a.',
  changedMeanwhile: 'Yon lòt moun chanje done sa yo pandan tan sa a. Rechaje paj la epi rekòmanse.',
  accountDisabled: 'Kont sa a bloke. Pale ak administrasyon lekòl ou a.',
  tempPasswordExpired: 'Modpas tanporè sa a ekspire. Mande administrasyon an yon lòt.',
  passwordChangeRequired: 'Ou dwe chanje modpas tanporè ou a anvan ou kontinye.',
  schoolSuspended: schoolAccessText.suspended,
  schoolExpired: schoolAccessText.expired,
  wrongAccountKind: 'Kalite kont sa a pa ka sèvi ak fonksyon sa a.',
  idempotencyMismatch: 'Demann sa a te deja voye ak yon lòt kontni.',
  maintenanceDefault: 'Platfòm nan an antretyen. Tanpri, eseye ankò pita.',
  schoolMoving:
    'Lekòl ou a an antretyen pou kèk minit (n ap deplase done li yo). Pa gen anyen ki pèdi : eseye ankò nan yon ti moman.',
  usernameReserved: 'Non itilizatè sa a se pou yon kont platfòm nan. Chwazi yon lòt.',
  password: passwordText,
  duplicate: 'Eleman sa a egziste deja.',
  stillReferenced: 'Eleman sa a toujou ap sèvi : ou pa ka efase l.',
};
