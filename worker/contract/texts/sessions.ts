// The signed-in devices of an account (decision 314): what the API answers about them, and how a
// device is named in the Sécurité list. Its own module: a pupil's phone loads these lines, not the
// server's other texts.
export const sessionsServerText = {
  ended: 'Appareil déconnecté.',
  allEnded: 'Tous vos appareils ont été déconnectés.',
  notFound: "Cet appareil n'est plus connecté.",
  /** An administrator ended an account's device sessions (the users screen). */
  userEnded: (username: string) => `Tous les appareils de ${username} ont été déconnectés.`,
  ownFromSecurity: "Déconnectez vos propres appareils depuis l'onglet Sécurité.",
  /** A device's name, from what its browser says of itself. */
  device: {
    on: (browser: string, system: string) => `${browser} sur ${system}`,
    browserOn: (system: string) => `Navigateur sur ${system}`,
    unknown: 'Appareil inconnu',
  },
} as const;
