// The staff home (document 1 §2 "Admin home"): tiles, quick payments, the year in figures; the
// spec's texts copied word for word. Apart from the administration's texts (admin.ts): every
// staff account opens the dashboard, only administrators the administration (issue 12).

export const dashboardText = {
  title: 'Tableau de bord',
  welcomeTitle: 'Bienvenue sur votre portail scolaire',
  welcomeBody:
    "Aucune année scolaire n'est encore configurée. L'assistant vous guide pas à pas : année scolaire, périodes, classes, matières, programme et frais de scolarité.",
  startSetup: 'Commencer la configuration',
  noYearNoRight: "Aucune année scolaire n'est encore configurée. Contactez l'administration de l'école.",
  modules: 'Modules',
  tiles: {
    students: { title: 'Gestion des Élèves', body: 'Inscriptions, fiches et suivi des élèves.' },
    reportCards: { title: 'Gestion des Bulletins', body: 'Générer et imprimer les bulletins.' },
    gradebook: { title: 'Carnet de notes', body: "Les notes d'une classe par matière et par période." },
    teachers: { title: 'Gestion des Professeurs', body: 'Professeurs et assignations.' },
    timetable: { title: 'Emploi du temps', body: 'Emploi du temps des classes et des professeurs.' },
    report: { title: 'Rapport Financier', body: 'Encaissements et soldes par classe.' },
    attendance: { title: 'Suivi des Présences', body: "Feuille d'appel et rapports de présence." },
  },
  noTiles: "Aucun module n'est ouvert à votre rôle. Contactez l'administration de l'école.",
  quickPayments: 'Paiements rapides par classe',
  noClasses: 'Aucune classe configurée.',
  figures: {
    title: (year: string) => `L'année ${year} en chiffres`,
    enrolled: 'Élèves inscrits',
    paidThisMonth: (month: string) => `Versé en ${month}`,
    balance: 'Balance restante',
    expectedOf: (amount: string) => `sur ${amount} attendus`,
    paidOf: (amount: string) => `${amount} versés depuis la rentrée`,
    byClass: 'Par classe',
    className: 'Classe',
    loading: 'Chargement des chiffres...',
  },
};
