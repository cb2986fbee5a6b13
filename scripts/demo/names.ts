// The people and places of the demo schools: Haitian first and last names, tutors, addresses,
// medical notes. Data, not rules: the other demo modules draw from these lists.
export const LAST_NAMES = [
  'Jean', 'Pierre', 'Joseph', 'Louis', 'Charles', 'Estimé', 'Étienne', 'Dorsainvil', 'Casséus',
  'Paul', 'Augustin', 'Saint-Fleur', 'Désir', 'Alexis', 'Baptiste', 'Célestin', 'Noël', 'Michel',
  'Toussaint', 'Jean-Baptiste', 'François', 'Germain', 'Philippe', 'Dorvil', 'Lafontant',
  'Beauvais', 'Bien-Aimé', 'Fils-Aimé', 'Pierre-Louis', 'Desrosiers', 'Jeune', 'Laguerre',
  'Mompremier', 'Exantus', 'Thélusma', 'Cadet', 'Delva', 'Lubin', 'Métellus', 'Sanon', 'Valcourt',
  'Jules', 'Brutus', 'Fleurant', 'Simon', 'Sylvain', 'Dérisma', 'Saint-Louis',
];
export const GIRL_NAMES = [
  'Wideline', 'Stéphanie', 'Nadège', 'Darline', 'Fabienne', 'Roseline', 'Islande', 'Guerline',
  'Mirlande', 'Nathalie', 'Esther', 'Sabine', 'Judith', 'Rose-Mireille', 'Ketly', 'Sherley',
  'Dieunie', 'Medjine', 'Widna', 'Tamara', 'Loudmia', 'Christelle', 'Vanessa', 'Naïka', 'Fedna',
  'Nerlande', 'Daphney', 'Roselaure', 'Farah', 'Bethsaïda', 'Kettia', 'Chedeline', 'Marie-Ange',
  'Jessica', 'Mélissa', 'Rébecca',
];
export const BOY_NAMES = [
  'Jameson', 'Ricardo', 'Kervens', 'Wilner', 'Mackenson', 'Jhonny', 'Peterson', 'Jean-Marc',
  'Wesley', 'Kendy', 'Jimmy', 'Stevenson', 'Frantz', 'Ronald', 'Evens', 'Woodley', 'Ralph',
  'Samuel', 'Emmanuel', 'Fritznel', 'Réginald', 'Schneider', 'Wendell', 'Dieuvens', 'Handy',
  'Jodel', 'Carl-Henry', 'Roodly', 'Fednel', 'Wisly', 'Clifford', 'Kenley', 'Mike', 'Daniel',
  'Jonathan', 'Steeve',
];
export const MOTHER_NAMES = [
  'Marie-Ange', 'Rose-Marie', 'Lucienne', 'Yolande', 'Marie-Carmelle', 'Josette', 'Myrlande',
  'Guerda', 'Marlène', 'Jocelyne', 'Nicole', 'Évelyne', 'Claudette', 'Micheline', 'Marie-Lourdes',
];
export const FATHER_NAMES = [
  'Jean-Claude', 'Jacques', 'Edner', 'Gérald', 'Frantz', 'Réginald', 'Anel', 'Pierre-Richard',
  'Jean-Robert', 'Wilfrid', 'Lesly', 'Rony', 'Yves', 'Joseph-Marie', 'Gary',
];
export const MAIL_DOMAINS = ['gmail.com', 'gmail.com', 'yahoo.fr', 'hotmail.com', 'outlook.com'];
export const BLOOD_GROUPS: readonly (readonly [string, number])[] = [
  ['O+', 45], ['A+', 24], ['B+', 18], ['AB+', 4], ['O-', 4], ['A-', 2], ['B-', 2], ['AB-', 1],
];
export const ALLERGIES = ['Arachides', 'Pénicilline', 'Poussière', 'Fruits de mer', 'Lactose', 'Piqûres d\u2019insectes'];
export const ILLNESSES = ['Asthme', 'Drépanocytose', 'Migraines fréquentes', 'Myopie (porte des lunettes)', 'Eczéma'];

export const PLACES: Record<string, { quarters: string[]; streets: string[] }> = {
  'Port-au-Prince': {
    quarters: [
      'Delmas 33', 'Delmas 19', 'Delmas 75', 'Pétion-Ville', 'Carrefour', 'Tabarre',
      'Croix-des-Bouquets', 'Turgeau', 'Bourdon', 'Canapé-Vert', 'Lalue', 'Bois-Verna', 'Pacot',
      'Martissant', 'Thomassin', 'Frères', 'Christ-Roi', 'Juvénat', 'Santo', 'Laboule',
    ],
    streets: [
      'rue Lamarre', 'rue Pavée', 'impasse Fleurant', 'rue Faubert', 'rue Grégoire', 'rue Clerveaux',
      'ruelle Roy', 'rue Villate', 'route de Frères', 'rue Chavannes', 'rue Ogé', 'rue Métellus',
      'impasse Lavaud', 'rue Rigaud', 'rue Louverture', 'rue Panaméricaine',
    ],
  },
  'Cap-Haïtien': {
    quarters: ['Carénage', 'Petite-Anse', 'Bel-Air', 'Vertières', 'Champin', 'Fort-Bourgeois', 'Barrière Bouteille', 'Centre-ville'],
    streets: ['Rue 5', 'Rue 12', 'Rue 15 A', 'Rue 17', 'Rue 24', 'Rue 24 B', 'Boulevard du Cap', 'Rue Espagnole'],
  },
};
