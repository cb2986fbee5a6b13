// The slips handed to students with their accounts: A4 sheets of six slips (two columns, three
// rows) with dashed cut lines, each with the school's name, the student, the class, the username
// and the temporary password.
import { html, openPrintWindow, printDate } from '../../components/print';
import { studentAccountsText } from '../../i18n/student-accounts';
import type { SchoolInfo } from '../../layouts/school';

const t = studentAccountsText.slip;
const PER_PAGE = 6;

export interface Slip {
  name: string;
  className: string;
  username: string;
  tempPassword: string;
}

const STYLES = `
  .slips { display: grid; grid-template-columns: 1fr 1fr; grid-auto-rows: 1fr; height: 100%; min-height: 260mm; }
  .slip { border: 1px dashed #555; padding: 8mm 6mm; break-inside: avoid; display: flex; flex-direction: column; gap: 2mm; font-size: 11pt; }
  .slip h2 { font-size: 12pt; margin: 0; }
  .slip .school { font-weight: 700; }
  .slip .secret { font-family: monospace; font-size: 13pt; font-weight: 700; letter-spacing: 0.05em; }
  .slip .small { font-size: 9pt; color: #444; }
`;

export function printSlips(school: SchoolInfo | null, slips: Slip[]) {
  const pages = [];
  for (let i = 0; i < slips.length; i += PER_PAGE) {
    pages.push(
      html`<div class="slips">
        ${slips.slice(i, i + PER_PAGE).map(
          (s) =>
            html`<section class="slip">
              <span class="school">${school?.name ?? ''}</span>
              <h2>${t.heading}</h2>
              <span>${t.student} : <strong>${s.name}</strong></span>
              <span>${t.className} : ${s.className}</span>
              <span>${t.username} : <strong>${s.username}</strong></span>
              <span>${t.password} : <span class="secret">${s.tempPassword}</span></span>
              <span class="small">${t.change}</span>
              <span class="small">${t.date(printDate())}</span>
            </section>`,
        )}
      </div>`,
    );
  }
  openPrintWindow({
    title: t.title,
    school,
    pages,
    header: false,
    styles: STYLES,
    delayMs: 500,
    popupBlockedMessage: t.popupBlocked,
  });
}
