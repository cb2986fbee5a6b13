// Kreyòl: the guardians' alerts (../alerts.ts).
import type { alertTexts as french } from '../alerts';
import type { Texts } from '../shape';

export const alertTexts: Texts<typeof french> = {
  absent: {
    title: (child: string) => `Absans : ${child}`,
    body: (child: string, day: string) => `Yo make ${child} absan nan apèl ${day}.`,
  },
  late: {
    title: (child: string) => `Reta : ${child}`,
    body: (child: string, day: string) => `Yo make ${child} an reta nan apèl ${day}.`,
  },
  payment: {
    title: (child: string) => `Vèsman resevwa : ${child}`,
    body: (amount: string, receipt: string, balance: string) =>
      `Yo anrejistre yon vèsman ${amount}, resi nimewo ${receipt}. Sa ki rete pou peye : ${balance}.`,
  },
  instalment: {
    title: (child: string) => `Dat pou peye : ${child}`,
    body: (left: string, day: string) => `${left} pou peye anvan ${day}.`,
  },
  report_card: {
    title: (child: string) => `Kanè : ${child}`,
    body: (child: string) => `Kanè ak nòt ${child} yo disponib sou pòtay la.`,
  },
  announcement: {
    title: (school: string) => `Anons : ${school}`,
  },
};
