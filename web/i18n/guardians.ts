// /guardians ('Parents', guardian:manage, issue 43): the school's side of the families' accounts.
// Staff screens stay French (decision 340); the slip says its instructions in both languages.
import { guardiansLink } from './guardians-link';

export const guardiansText = {
  title: guardiansLink,
  intro:
    'Les parents suivent leurs enfants sur leur téléphone : liez un parent à un élève par son numéro (+509), remettez-lui la fiche imprimée avec son code à usage unique.',
  pupilHeading: (name: string) => `Parents de ${name}`,
  noneForPupil: "Aucun parent n'est lié à cet élève.",
  phone: 'Téléphone du parent',
  phoneHint: '8 chiffres, +509 facultatif',
  name: 'Nom du parent',
  link: 'Lier ce parent',
  online: "Lier un parent ou donner un code nécessite une connexion internet : le code ne s'affiche qu'une fois.",
  search: 'Rechercher un élève ou un parent',
  empty: "Aucun parent n'a encore de compte dans l'école.",
  pupil: 'Élève',
  className: 'Classe',
  guardian: 'Parent',
  status: {
    active: 'Compte actif',
    temporary_password: 'Code pas encore utilisé',
    disabled: 'Compte désactivé',
  },
  newCode: 'Nouveau code',
  newCodeTitle: (name: string) => `Donner un nouveau code à ${name} ?`,
  newCodeBody:
    "Son mot de passe ne fonctionnera plus et ses appareils seront déconnectés ; le nouveau code s'affichera une seule fois.",
  end: 'Terminer le lien',
  endTitle: (guardian: string, pupil: string) => `Terminer le lien entre ${guardian} et ${pupil} ?`,
  endBody: 'Ce parent ne verra plus cet élève. Ses autres enfants restent liés.',
  slipTitle: 'Fiche du parent',
  slipHint: "Le code ne s'affiche qu'ici : imprimez la fiche avant de fermer.",
  noCode: 'Ce parent a déjà un compte : il verra cet élève à sa prochaine ouverture, sans nouveau code.',
  code: 'Code à usage unique',
  print: 'Imprimer la fiche',
  done: "J'ai noté",
  classHeading: "Les parents d'une classe",
  classIntro:
    'Un compte pour le parent que la fiche de chaque élève nomme (son nom et son téléphone +509) : une fiche à imprimer par nouveau compte.',
  classLabel: 'Classe',
  chooseClass: 'Choisir une classe',
  classRun: 'Créer les comptes de la classe',
  classTitle: (name: string) => `Parents de la ${name}`,
  printAll: (n: number) => `Imprimer les ${n} fiche(s)`,
  linkedExisting: 'lié au compte existant',
  skippedHeading: 'Laissés de côté',
  skipped: {
    no_phone: 'pas de téléphone haïtien sur la fiche',
    linked: 'déjà lié à ce parent',
    refused: 'refusé (numéro d’un autre compte)',
  },
  noYear: 'Choisissez une année scolaire dans la barre du haut.',
  slip: {
    title: 'Fiche du parent',
    heading: 'Accès parent au portail',
    pupil: 'Élève',
    phone: 'Téléphone (identifiant)',
    code: 'Code',
    steps:
      "Ouvrez l'adresse de l'école sur votre téléphone, entrez votre numéro et ce code, puis choisissez votre mot de passe. Le code est valable 7 jours.",
    stepsKreyol:
      'Louvri adrès lekòl la sou telefòn ou, mete nimewo w ak kòd sa a, epi chwazi modpas ou. Kòd la bon pou 7 jou.',
    date: (d: string) => `Imprimée le ${d}`,
    popupBlocked: "L'impression a été bloquée par le navigateur : autorisez les fenêtres de ce site.",
  },
} as const;
