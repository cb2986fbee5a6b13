// The teacher's space (document 2 §2 'Teacher dashboard').
export const teacherText = {
  welcome: (name: string) => `Bienvenue, ${name}`,
  tabs: {
    courses: 'Mes Cours',
    timetable: 'Mon Emploi du temps',
    resources: 'Ressources',
    support: 'Support',
    security: 'Sécurité',
  },
  loading: 'Chargement de vos cours…',
  noYear: "Aucune année scolaire n'est encore ouverte : vos cours apparaîtront ici.",
  noCourses: 'Aucun cours ne vous est attribué pour cette année.',
  yearOf: (year: string) => `Année ${year}`,
  subjects: (n: number) => (n > 1 ? `${n} matières` : '1 matière'),
  openGradebook: (subject: string, className: string) => `Carnet de notes : ${subject}, ${className}`,
  supportOfAdministration: 'Les messages des enseignants se lisent dans Support (administration) →',
} as const;
