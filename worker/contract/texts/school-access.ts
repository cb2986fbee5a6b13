// Why a school's users are refused (worker/auth/session.ts), also said by its sign-in page while it
// lasts (GET /api/instance/default answers the school's access): a small module of its own, so the
// sign-in page (in the app's first chunk) takes these two texts without the others.
export const schoolAccessText = {
  suspended: "L'accès de votre école est suspendu. Contactez l'équipe de la plateforme.",
  expired: "L'accès de votre école a expiré. Contactez l'équipe de la plateforme pour le renouveler.",
} as const;
