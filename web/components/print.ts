// Printable windows (document 2 §5 and §9): one sheet per page with the school header (logo,
// name, address, phone) and a footer, dates in fr-FR, printing after a delay. The window is
// written by the opener and printed by the opener's timer: the app's CSP forbids inline scripts,
// and an about:blank window inherits it.
import { toast } from './toast';
import { schoolToday } from '../../worker/domain/dates';
import { formatDate } from '../../worker/domain/format';
import type { SchoolInfo } from '../layouts/school';

export interface PrintOptions {
  /** The window title (also the PDF file name most browsers suggest). */
  title: string;
  /** The school as the screens hold it: the sheets' header (logo, name, address, phone). */
  school: SchoolInfo | null;
  /** The HTML of each sheet's body, one printed page each (build it with `html`; strings are trusted). */
  pages: (SafeHtml | string)[];
  /** Footer of every sheet, given the day's date as prints write it ('Imprimé le 03/02/2026'). */
  printedOn?: (date: string) => string;
  /** Wait before printing (1000 ms for finance sheets, 500 ms for the student sheet). */
  delayMs: number;
  /** Told when the browser blocks the window. */
  popupBlockedMessage: string;
  /** 'A4' (default) or 'letter' (report cards). */
  paper?: 'A4' | 'letter';
  /** Extra CSS for the bodies. */
  styles?: string;
  /** false when each page draws the school header itself (two copies of a receipt on one sheet). */
  header?: boolean;
  /** A window opened beforehand by `openWaitingWindow` (the document's data had to load). */
  window?: Window | null;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (value: unknown): string => String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** HTML already built by `html` (not escaped again when nested). */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}

/** A template tag that escapes every interpolated value except SafeHtml and arrays of SafeHtml. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  const part = (v: unknown): string =>
    v instanceof SafeHtml ? v.value : Array.isArray(v) ? v.map(part).join('') : escapeHtml(v);
  return new SafeHtml(strings.reduce((out, s, i) => out + s + (i < values.length ? part(values[i]) : ''), ''));
}

const BASE_STYLES = `
  * { box-sizing: border-box; }
  body { margin: 0; font: 12pt/1.4 system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif; color: #111; }
  .sheet { padding: 0; page-break-after: always; break-after: page; display: flex; flex-direction: column; min-height: 100%; }
  .sheet:last-child { page-break-after: auto; break-after: auto; }
  .sheet-header { display: flex; align-items: center; gap: 14px; border-bottom: 2px solid #1e3a8a; padding-bottom: 10px; margin-bottom: 16px; }
  .sheet-header img { width: 64px; height: 64px; object-fit: contain; }
  .sheet-header h1 { font-size: 16pt; margin: 0; color: #1e3a8a; }
  .sheet-header p { margin: 0; font-size: 10pt; color: #444; }
  .sheet-body { flex: 1; }
  .sheet-footer { margin-top: 18px; padding-top: 6px; border-top: 1px solid #bbb; font-size: 9pt; color: #555; text-align: right; }
  h2 { font-size: 14pt; margin: 0 0 10px; }
  h3 { font-size: 12pt; margin: 14px 0 6px; }
  table { width: 100%; border-collapse: collapse; font-size: 10.5pt; }
  th, td { border: 1px solid #999; padding: 4px 6px; text-align: left; vertical-align: top; }
  th { background: #eef2ff; }
  .num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
  @media screen { body { background: #f3f4f6; } .sheet { background: #fff; max-width: 210mm; margin: 12px auto; padding: 14mm; box-shadow: 0 1px 4px rgb(0 0 0 / 0.2); } }
`;

/** The school header of a printed sheet: logo, name, address, phone. */
export function schoolHeader(school: SchoolInfo | null): SafeHtml {
  const logo = school?.logo_url ? html`<img src="${new URL(school.logo_url, location.origin).href}" alt="" />` : '';
  const lines = [school?.address, school?.phone].filter(Boolean).map((line) => html`<p>${line}</p>`);
  return html`<header class="sheet-header">
    ${logo}
    <div>
      <h1>${school?.name ?? ''}</h1>
      ${lines}
    </div>
  </header>`;
}

/** Opens the printable window and prints it after the delay; null when pop-ups are blocked. */
export function openPrintWindow(options: PrintOptions): Window | null {
  const win = options.window ?? window.open('', '_blank');
  if (!win) {
    toast.error(options.popupBlockedMessage);
    return null;
  }
  const paper = options.paper === 'letter' ? 'letter portrait' : 'A4 portrait';
  const top = options.header === false ? '' : schoolHeader(options.school);
  const footer = options.printedOn ? html`<footer class="sheet-footer">${options.printedOn(printDate())}</footer>` : '';
  const sheets = options.pages
    .map((body) => `<section class="sheet">${top}<div class="sheet-body">${body}</div>${footer}</section>`)
    .join('');
  win.document.open();
  win.document.write(
    `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(options.title)}</title>` +
      `<style>@page { size: ${paper}; margin: 14mm; }${BASE_STYLES}${options.styles ?? ''}</style></head>` +
      `<body>${sheets}</body></html>`,
  );
  win.document.close();
  window.setTimeout(() => {
    if (win.closed) return;
    win.focus();
    win.print();
  }, options.delayMs);
  return win;
}

/**
 * Opens the print window at once, within the user's tap (a window opened after a download would
 * be blocked), showing `message` until openPrintWindow({ window }) writes the document.
 */
export function openWaitingWindow(message: string, popupBlockedMessage: string): Window | null {
  const win = window.open('', '_blank');
  if (!win) {
    toast.error(popupBlockedMessage);
    return null;
  }
  win.document.write(
    `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(message)}</title></head><body><p>${escapeHtml(message)}</p></body></html>`,
  );
  return win;
}

/** The school's today as fr-FR writes it: '03/02/2026' (the date a print carries). */
export const printDate = () => formatDate(schoolToday());
