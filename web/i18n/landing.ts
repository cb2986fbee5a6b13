// The public landing page (document 1 §1, §2 'Landing page').
export const landingText = {
  header: {
    skip: 'Aller au contenu',
    nav: 'Sections de la page',
    login: 'Se connecter',
    contact: 'Contactez-nous',
  },
  nav: {
    features: 'Fonctionnalités',
    archives: 'Archives',
    showcase: 'Aperçu',
    security: 'Sécurité',
    offline: 'Hors ligne',
  },
  hero: {
    eyebrow: "Pour les écoles d'Haïti",
    title: 'Gérez votre école simplement, même sans connexion',
    lead: 'Élèves, frais de scolarité, notes, bulletins, présences et emploi du temps réunis dans un seul portail en français, pensé pour les écoles haïtiennes et leurs réseaux mobiles.',
    discover: 'Découvrir les fonctionnalités',
    highlights: ['Élèves et NISU', 'Frais MPPA', 'Bulletins imprimables', 'Fonctionne hors ligne'],
  },
  features: {
    title: 'Fonctionnalités',
    intro:
      "Tout ce dont l'administration, le secrétariat, la comptabilité et les enseignants ont besoin au quotidien, au même endroit.",
    items: {
      students: {
        title: 'Élèves et inscriptions',
        text: "Un dossier complet pour chaque élève avec son NISU, ses informations personnelles, ses tuteurs et ses notes médicales. L'inscription dans une classe se fait en quelques clics.",
      },
      tuition: {
        title: 'Frais de scolarité',
        text: 'MPPA par classe, versements échelonnés, bourses et réductions : le solde de chaque élève est calculé automatiquement, et chaque classe a sa fiche financière.',
      },
      grades: {
        title: 'Carnets de notes et bulletins',
        text: 'Saisie des notes par matière, classe et période, moyennes et appréciations, puis bulletins prêts à imprimer pour toute une classe.',
      },
      attendance: {
        title: 'Présences',
        text: "Suivi des présences, absences et retards de chaque classe, avec un récapitulatif clair pour l'administration.",
      },
      timetable: {
        title: 'Emploi du temps',
        text: 'Horaires par classe, matière et enseignant, consultables par les élèves depuis leur propre portail.',
      },
      roles: {
        title: 'Rôles et permissions',
        text: 'Créez des rôles sur mesure (secrétaire, comptable, gestionnaire des bulletins…) et accordez à chacun exactement les droits nécessaires.',
      },
    },
    rolesTitle: 'Chacun voit seulement ce dont il a besoin',
    rolesText:
      'Les secrétaires, les comptables et les enseignants ne voient que ce dont ils ont besoin : les informations sensibles restent entre les bonnes mains.',
    roles: [
      { name: 'Secrétariat', sees: 'Élèves, inscriptions et dossiers.' },
      { name: 'Comptabilité', sees: 'Versements, bourses et rapports financiers.' },
      { name: 'Enseignants', sees: 'Leurs classes, leurs matières et leurs carnets de notes.' },
      { name: 'Élèves', sees: 'Leur emploi du temps, leurs notes et leur situation financière.' },
    ],
  },
  archives: {
    title: 'Les années passées restent disponibles',
    text: "Chaque année scolaire passée reste disponible : élèves inscrits, paiements, notes et bulletins sont conservés et consultables à tout moment. Il suffit de choisir l'année dans le sélecteur.",
    points: [
      'Historique complet des paiements de chaque élève',
      'Notes et bulletins des années précédentes',
      "Passage en classe supérieure d'une année à l'autre",
    ],
    sampleTitle: 'Exemple de sélecteur',
    selectLabel: 'Année scolaire',
    years: [
      { value: '2025-2026', label: '2025-2026 (Actuelle)' },
      { value: '2024-2025', label: '2024-2025' },
      { value: '2023-2024', label: '2023-2024' },
    ],
    current: 'Année en cours : inscriptions, paiements et notes sont ouverts à la saisie.',
    past: (year: string) => `Année ${year} : élèves, paiements, notes et bulletins restent consultables.`,
    currentBadge: 'En cours',
    pastBadge: 'Archivée',
  },
  showcase: {
    title: "Aperçu de l'interface",
    intro: "Des écrans clairs, pensés pour le travail quotidien de l'école, sur ordinateur comme sur téléphone.",
    carousel: "Captures d'écran du portail",
    carouselRole: 'carrousel',
    slideRole: 'capture',
    position: (n: number, total: number) => `${n} sur ${total}`,
    previous: 'Capture précédente',
    next: 'Capture suivante',
    goTo: (n: number, title: string) => `Afficher la capture ${n} : ${title}`,
    pause: 'Mettre le défilement en pause',
    play: 'Reprendre le défilement',
    slides: {
      dashboard: {
        title: 'Tableau de bord',
        caption: "L'accueil de l'administration : un accès direct à chaque module et aux paiements par classe.",
        alt: 'Tableau de bord : six tuiles (gestion des élèves, bulletins, enseignants, emploi du temps, rapports financiers, présences) et des raccourcis de paiement par classe.',
      },
      students: {
        title: 'Gestion des élèves',
        caption: 'La liste des élèves avec recherche, NISU et classe de chacun.',
        alt: 'Gestion des élèves : tableau avec les colonnes Nom, Prénom, NISU, Classe et Sexe, un champ de recherche et un bouton Nouvel élève.',
      },
      finance: {
        title: "Fiche financière d'une classe",
        caption: 'Le suivi des frais par élève : MPPA ajusté, total versé et balance restante.',
        alt: 'Fiche financière de la classe de 9e AF : totaux attendus, versés et restants, puis un tableau avec les colonnes MPPA Ajusté, Total Versé et Balance.',
      },
      grades: {
        title: 'Carnet de notes',
        caption: 'La saisie des notes par matière et par période, avec la moyenne calculée automatiquement.',
        alt: 'Carnet de notes de mathématiques en NS I, trimestre 1 : une ligne par élève avec ses évaluations, son examen et sa moyenne.',
      },
      reportCard: {
        title: 'Bulletin',
        caption: 'Le bulletin prêt à imprimer : moyennes par matière, appréciations et décision.',
        alt: "Bulletin scolaire d'un élève : en-tête de l'école, notes par matière avec appréciations, moyenne de la période et lignes de signature.",
      },
    },
  },
  security: {
    title: 'Sécurité et confidentialité',
    intro: 'Les données de vos élèves sont précieuses. Le portail les protège à chaque étape.',
    items: {
      tenancy: {
        title: 'Des données propres à chaque école',
        text: 'Chaque école dispose de son propre espace : ses données ne sont jamais visibles par une autre école.',
      },
      permissions: {
        title: 'Des permissions précises',
        text: "Chaque utilisateur n'accède qu'aux écrans et aux actions que son rôle autorise.",
      },
      passwords: {
        title: 'Des mots de passe protégés',
        text: 'Jamais stockés en clair, mot de passe temporaire à remplacer dès la première connexion, session fermée après inactivité.',
      },
      audit: {
        title: "Un journal d'activité",
        text: 'Chaque modification importante est enregistrée : qui a fait quoi, et quand.',
      },
    },
  },
  offline: {
    title: 'Fonctionne même sans connexion',
    text: "Coupure d'internet ou réseau mobile instable ? Le portail continue de fonctionner : les données déjà consultées restent disponibles et vos modifications sont enregistrées sur l'appareil.",
    steps: [
      {
        title: 'Travaillez hors ligne',
        text: 'Consultez les listes, enregistrez un paiement ou des notes, même sans réseau.',
      },
      {
        title: 'Modifications mises en attente',
        text: "Chaque changement s'affiche tout de suite et reste conservé sur l'appareil.",
      },
      {
        title: 'Synchronisées plus tard',
        text: 'Dès le retour de la connexion, les modifications sont envoyées automatiquement.',
      },
    ],
    note: "À la déconnexion, les données enregistrées sur l'appareil sont effacées : rien ne reste sur un téléphone partagé.",
    statusOffline: 'Hors ligne',
    statusPending: '3 modifications en attente',
    statusOnline: 'En ligne',
    statusSynced: 'Tout est synchronisé',
    statusLabel: 'Illustration : des modifications faites hors ligne puis synchronisées',
  },
  contact: {
    title: 'Contactez-nous',
    text: 'Vous souhaitez équiper votre école, obtenir une démonstration ou poser une question ? Écrivez-nous ou appelez-nous.',
    emailLabel: 'E-mail',
    email: 'contact@portail-scolaire.ht',
    phoneLabel: 'Téléphone',
    phone: '+509 2813 0000',
    phoneHref: 'tel:+50928130000',
    loginPrompt: 'Votre école utilise déjà le portail ?',
  },
  footer: {
    tagline: 'Le portail de gestion scolaire pensé pour Haïti.',
  },
} as const;
