// Kreyòl: the offline notices (../offline.ts).
import type { KreyolTexts } from '../kreyol';

const unexpected = 'Gen yon erè ki rive.';

export const offlineText: KreyolTexts['offline'] = {
  cachedRead: 'Ou pa sou entènèt. N ap montre done ki te anrejistre yo.',
  networkErrorCached: 'Pwoblèm rezo. N ap montre dènye done nou genyen yo.',
  neverVisited: 'Ou poko janm louvri paj sa a : li pa disponib san entènèt.',
  writeQueued: 'Ou pa sou entènèt. Chanjman ou a anrejistre ; l ap pati lè entènèt la tounen.',
  loginNeedsNetwork: 'Ou pa sou entènèt. Ou bezwen entènèt pou konekte.',
  queued: {
    action: 'Aksyon an ap tann pou l pati.',
    deletion: 'Efasman an ap tann pou l pati.',
    update: 'Mizajou a ap tann pou l pati.',
    modification: 'Chanjman an ap tann pou l pati.',
    reset: 'Reyinisyalizasyon an ap tann pou l pati.',
    roles: 'Chanjman wòl yo ap tann pou yo pati.',
  },
  setFailed: 'Done pou travay san entènèt yo pa t ka anrejistre sou telefòn sa a. N ap eseye ankò talè.',
  waitingAtSignOut: (n: number) =>
    n > 1
      ? `${n} chanjman poko pati : yo rete sou telefòn sa a, pesonn pa ka li yo, epi y ap pati lè w konekte ankò isit la.`
      : '1 chanjman poko pati : li rete sou telefòn sa a, pesonn pa ka li l, epi l ap pati lè w konekte ankò isit la.',
  storedResults: 'San entènèt : rezilta pami elèv ki anrejistre sou aparèy sa a.',
  pending: 'Ap tann',
  pendingTitle: 'Ap tann pou l pati',
  pendingCount: (n: number) => (n > 1 ? `${n} chanjman ap tann pou yo pati` : '1 chanjman ap tann pou l pati'),
  pendingHint: 'Yo rete sou aparèy sa a ; y ap pati depi entènèt la tounen.',
  pendingScores: (n: number) => (n > 1 ? `${n} nòt ap tann pou yo pati` : '1 nòt ap tann pou l pati'),
  refusedTitle: 'Chanjman sèvè a refize',
  refused: (message: string) => `Sèvè a refize l : ${message}`,
  dismiss: 'Retire',
  routeOffline: 'Paj sa a pa disponib san entènèt. Konekte sou entènèt pou louvri l.',
  routeError: unexpected,
  reloadPage: 'Rechaje paj la',
  backHome: 'Tounen nan paj akèy la',
  toLogin: 'Al konekte',
  syncComplete: 'Chanjman yo rive sou sèvè a. N ap rafrechi aplikasyon an...',
  syncAuthError: 'Sèvè a refize chanjman yo : sesyon ou an fini. Dekonekte, epi konekte ankò pou voye chanjman ou yo.',
  syncClientErrorDefault: unexpected,
  readyOffline: 'Aplikasyon an pare pou l mache san entènèt',
  newVersion: 'Gen yon nouvo vèsyon !',
  update: 'Mete l ajou',
  close: 'Fèmen',
};
