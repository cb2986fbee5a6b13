// The class list the Ministry (MENFP) asks for (issue 30): NISU, names, sex, birth date and place,
// class and year of every student enrolled, one class or all, as a CSV file and as A4 pages (one
// per class). Made in the page from the register's own list (wholeList): offline, from the lists
// this device stored.
import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { Button } from '../../components/Button';
import { DialogButtons } from '../../components/DialogButtons';
import { ClassSelect } from '../../components/ClassSelect';
import { type CsvCell, downloadCsv, fileName } from '../../components/csv';
import { Modal } from '../../components/Modal';
import { html, openPrintWindow, openWaitingWindow } from '../../components/print';
import { toast } from '../../components/toast';
import { exportText } from '../../i18n/exports';
import type { SchoolInfo } from '../../layouts/school';
import { compareNames } from '../../../worker/domain/text';
import { formatDate } from '../../../worker/domain/format';
import type { ClassOption, Student } from './model';

const t = exportText.ministry;
const c = t.columns;

/** The enrolled students of each class, in the school's class order, by name within a class. */
export function byClass(students: readonly Student[], classes: readonly ClassOption[]): [string, Student[]][] {
  const order = new Map(classes.map((k, i) => [k.name.toLowerCase(), i]));
  const groups = new Map<string, Student[]>();
  for (const s of students) {
    if (!s.enrollment) continue;
    const list = groups.get(s.enrollment.className) ?? [];
    list.push(s);
    groups.set(s.enrollment.className, list);
  }
  return [...groups]
    .sort(([a], [b]) => (order.get(a.toLowerCase()) ?? 999) - (order.get(b.toLowerCase()) ?? 999) || compareNames(a, b))
    .map(([name, list]) => [name, list.sort((x, y) => compareNames(x.nom, y.nom) || compareNames(x.prenom, y.prenom))]);
}

const HEADER = [c.number, c.nisu, c.nom, c.prenom, c.sexe, c.birthDate, c.birthPlace, c.className, c.year];

const cells = (s: Student, i: number, yearName: string): CsvCell[] => [
  i + 1,
  s.nisu ?? '',
  s.nom,
  s.prenom,
  s.sexe ?? '',
  formatDate(s.date_of_birth, ''),
  s.birth_place ?? '',
  s.enrollment?.className ?? '',
  yearName,
];

export function ministryCsv(groups: [string, Student[]][], yearName: string, label: string) {
  return downloadCsv(fileName(t.file(label, yearName)), [
    HEADER,
    ...groups.flatMap(([, list]) => list.map((s, i) => cells(s, i, yearName))),
  ]);
}

export function printMinistryList(
  groups: [string, Student[]][],
  school: SchoolInfo | null,
  yearName: string,
  win: Window,
) {
  const pages = groups.map(
    ([className, list]) =>
      html`<h2>${t.sheetTitle(className, yearName)}</h2>
        <p>${t.count(list.length)}</p>
        <table>
          <thead>
            <tr>
              ${HEADER.slice(0, 7).map((h) => html`<th>${h}</th>`)}
            </tr>
          </thead>
          <tbody>
            ${list.map(
              (s, i) =>
                html`<tr>
                  ${cells(s, i, yearName)
                    .slice(0, 7)
                    .map((v, k) => html`<td class="${k === 0 ? 'num' : ''}">${v === '' ? '-' : v}</td>`)}
                </tr>`,
            )}
          </tbody>
        </table>`,
  );
  return openPrintWindow({
    title: t.title,
    school,
    pages,
    printedOn: exportText.printedOn,
    delayMs: 500,
    popupBlockedMessage: exportText.popupBlocked,
    styles: 'table { font-size: 9.5pt; } td, th { padding: 3px 5px; }',
    window: win,
  });
}

/** 'Liste pour le Ministère': one class or all, as CSV or printed. */
export function MinistryListDialog({
  classes,
  initialClass,
  yearName,
  school,
  load,
  onClose,
}: {
  classes: readonly ClassOption[];
  initialClass: string;
  yearName: string;
  school: SchoolInfo | null;
  /** The students of one class ('' = every class) of the year, enrolled. */
  load: (className: string) => Promise<Student[]>;
  onClose: () => void;
}) {
  const [className, setClassName] = useState(classes.some((k) => k.name === initialClass) ? initialClass : '');
  const [busy, setBusy] = useState(false);
  const label = className || t.allClasses;

  const make = async (kind: 'csv' | 'print') => {
    // The print window opens within the tap; a window opened after the read would be blocked.
    const win = kind === 'print' ? openWaitingWindow(exportText.preparing, exportText.popupBlocked) : null;
    if (kind === 'print' && !win) return;
    setBusy(true);
    try {
      const groups = byClass(await load(className), classes);
      if (groups.length === 0) {
        win?.close();
        toast.info(exportText.nothing);
        return;
      }
      if (kind === 'csv') await ministryCsv(groups, yearName, label);
      else printMinistryList(groups, school, yearName, win!);
    } catch (error) {
      win?.close();
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={t.title}
      onClose={onClose}
      actions={
        <>
          <Button disabled={busy} onClick={() => void make('csv')}>
            {exportText.csv}
          </Button>
          <DialogButtons
            cancelLabel={t.close}
            confirmLabel={exportText.print}
            disabled={busy}
            onCancel={onClose}
            onConfirm={() => void make('print')}
          />
        </>
      }
    >
      <p className="muted">{t.intro}</p>
      <ClassSelect label={t.klass} value={className} onChange={setClassName} classes={classes} none={t.allClasses} />
    </Modal>
  );
}
