// The slip handed to a teacher with their account (A4, the school's header): name, username,
// temporary password, the change at first sign-in, the date in fr-FR.
import { html, openPrintWindow, printDate } from '../../components/print';
import { teachersText } from '../../i18n/teachers';
import type { SchoolInfo } from '../../layouts/school';
import type { Credentials } from '../../components/CredentialsDialog';

const t = teachersText.slip;

export function printAccountSlip(school: SchoolInfo | null, name: string, credentials: Credentials) {
  openPrintWindow({
    title: t.title(name),
    school,
    pages: [
      html`<h1>${t.heading}</h1>
        <p>${t.teacher} : <strong>${name}</strong></p>
        <p>${t.username} : <strong>${credentials.username}</strong></p>
        <p>
          ${t.password} : <strong style="font-family: monospace; font-size: 1.3em">${credentials.tempPassword}</strong>
        </p>
        <p>${t.change}</p>
        <p>${t.date(printDate())}</p>`,
    ],
    delayMs: 500,
    popupBlockedMessage: t.popupBlocked,
  });
}
