// The slip handed to a guardian (issue 43, decision 360): the school, the pupil, the phone that
// signs in and the one-time code, with the steps in French and in Kreyòl.
import { html, openPrintWindow, printDate } from '../../../components/print';
import { guardiansText } from '../../../i18n/guardians';
import type { SchoolInfo } from '../../../layouts/school';
import { phoneShown } from '../../../../worker/domain/guardians';

const t = guardiansText.slip;

export interface GuardianSlipData {
  pupil: string;
  guardian: string;
  phone: string;
  code: string;
}

const STYLES = `
  .slip { border: 1px dashed #555; padding: 8mm 6mm; max-width: 120mm; display: flex; flex-direction: column; gap: 2mm; font-size: 11pt; }
  .slip h2 { font-size: 12pt; margin: 0; }
  .slip .school { font-weight: 700; }
  .slip .secret { font-family: monospace; font-size: 14pt; font-weight: 700; letter-spacing: 0.05em; }
  .slip .small { font-size: 9pt; color: #444; }
`;

const slipPage = (school: SchoolInfo | null, slip: GuardianSlipData) =>
  html`<section class="slip">
    <span class="school">${school?.name ?? ''}</span>
    <h2>${t.heading}</h2>
    <span><strong>${slip.guardian}</strong></span>
    <span>${t.pupil} : ${slip.pupil}</span>
    <span>${t.phone} : <strong>${phoneShown(slip.phone)}</strong></span>
    <span>${t.code} : <span class="secret">${slip.code}</span></span>
    <span class="small">${t.steps}</span>
    <span class="small" lang="ht">${t.stepsKreyol}</span>
    <span class="small">${t.date(printDate())}</span>
  </section>`;

/** The slips of new accounts, one a page (one, from a pupil's sheet; a class's, at once). */
export function printGuardianSlips(school: SchoolInfo | null, slips: readonly GuardianSlipData[]) {
  openPrintWindow({
    title: t.title,
    school,
    pages: slips.map((slip) => slipPage(school, slip)),
    header: false,
    styles: STYLES,
    delayMs: 500,
    popupBlockedMessage: t.popupBlocked,
  });
}

export const printGuardianSlip = (school: SchoolInfo | null, slip: GuardianSlipData) =>
  printGuardianSlips(school, [slip]);
