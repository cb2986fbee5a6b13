// The guardians' alerts (issue 43, decision 361), in French; their Kreyòl twins: ./ht/alerts.ts.
// Each names the child (the title) and carries what happened (the body): read without a fetch.
export const alertTexts = {
  absent: {
    title: (child: string) => `Absence : ${child}`,
    body: (child: string, day: string) => `${child} a été noté(e) absent(e) à l’appel du ${day}.`,
  },
  late: {
    title: (child: string) => `Retard : ${child}`,
    body: (child: string, day: string) => `${child} a été noté(e) en retard à l’appel du ${day}.`,
  },
  payment: {
    title: (child: string) => `Versement reçu : ${child}`,
    body: (amount: string, receipt: string, balance: string) =>
      `Versement de ${amount} enregistré, reçu n° ${receipt}. Reste à payer : ${balance}.`,
  },
  instalment: {
    title: (child: string) => `Échéance : ${child}`,
    body: (left: string, day: string) => `${left} à payer avant le ${day}.`,
  },
  report_card: {
    title: (child: string) => `Bulletin : ${child}`,
    body: (child: string) => `Le bulletin et les notes de ${child} sont consultables sur le portail.`,
  },
  announcement: {
    title: (school: string) => `Annonce : ${school}`,
  },
} as const;
