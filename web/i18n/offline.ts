// Offline notices (document 1 §1, §4, §8; document 2 §4).
import { commonText } from './common';

export const offlineText = {
  cachedRead: 'Vous êtes hors ligne. Affichage des données sauvegardées.',
  networkErrorCached: 'Erreur réseau. Affichage des dernières données disponibles.',
  neverVisited: "Cette page n'a pas été consultée auparavant et n'est pas disponible hors ligne.",
  writeQueued: 'Vous êtes hors ligne. Votre modification est sauvegardée et sera synchronisée plus tard.',
  loginNeedsNetwork: 'Vous êtes hors ligne. La connexion nécessite une connexion internet.',
  queued: {
    action: 'Action en attente de synchronisation.',
    deletion: 'Suppression en attente de synchronisation.',
    update: 'Mise à jour en attente de synchronisation.',
    modification: 'Modification en attente de synchronisation.',
    reset: 'Réinitialisation en attente de synchronisation.',
    roles: 'Mise à jour des rôles en attente de synchronisation.',
  },
  storedResults: 'Hors ligne : résultats parmi les élèves enregistrés sur cet appareil.',
  /** The working set could not be stored or revalidated (decision 320): tried again. */
  setFailed:
    "Les données pour travailler hors ligne n'ont pas pu être enregistrées sur ce téléphone. Nouvel essai dans un instant.",
  /** Signing out with writes not sent yet: they wait, unreadable, for the same account's next sign-in here. */
  waitingAtSignOut: (n: number) =>
    n > 1
      ? `${n} modifications n'ont pas encore été envoyées : elles restent sur ce téléphone, illisibles, et partiront à votre prochaine connexion ici.`
      : "1 modification n'a pas encore été envoyée : elle reste sur ce téléphone, illisible, et partira à votre prochaine connexion ici.",
  pending: 'En attente',
  pendingTitle: 'En attente de synchronisation',
  /** The dashboard's summary of the account's unsent work (issue 28). */
  pendingCount: (n: number) => (n > 1 ? `${n} modifications en attente d'envoi` : "1 modification en attente d'envoi"),
  pendingHint: 'Elles sont gardées sur cet appareil et partiront dès le retour du réseau.',
  /** The grade book's scores typed and not sent yet (the grade book and the home). */
  pendingScores: (n: number) => (n > 1 ? `${n} notes en attente d'envoi` : "1 note en attente d'envoi"),
  refusedTitle: 'Modifications refusées par le serveur',
  refused: (message: string) => `Refusée par le serveur : ${message}`,
  dismiss: 'Retirer',
  /** The router's error page (issue 28): never the router's own English page. */
  routeOffline: "Cette page n'est pas disponible hors ligne. Reconnectez-vous à internet pour l'ouvrir.",
  routeError: commonText.unexpected,
  reloadPage: 'Recharger la page',
  backHome: "Retour à l'accueil",
  toLogin: 'Aller à la connexion',
  syncComplete: "Données synchronisées avec succès. Rechargement de l'application...",
  syncAuthError:
    'La synchronisation a été refusée : votre session a expiré. Déconnectez-vous puis reconnectez-vous pour envoyer vos modifications.',
  syncClientErrorDefault: commonText.unexpected,
  readyOffline: 'Application prête hors ligne',
  newVersion: 'Nouvelle version disponible !',
  update: 'Mettre à jour',
  close: commonText.close,
} as const;
