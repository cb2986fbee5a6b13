// 'Gestion des Élèves' for one year (document 2 §2): the toolbar, the selection bar, the page of
// students, the pager, and the dialogs they open: the student form, the sheet, the photo,
// enrolments, class changes and the deletion. Every write goes through the one write hook: a
// queued one changes the page and its offline copy at once, a sent one puts the rows its answer
// carries in their place (register/local.ts); the page is read again only when rows left it
// that the next pages would replace.
import { Suspense, useState } from 'react';
import { call } from '../../../api/calls';
import { errorMessage, type Queued } from '../../../api/client';
import { endpoints } from '../../../api/endpoints';
import { usePendingWrites } from '../../../api/pending';
import { Button } from '../../../components/Button';
import { lazyPart } from '../../../components/lazy-part';
import { RefusedWrites } from '../../../components/RefusedWrites';
import { useWrite } from '../../../api/useWrite';
import { useConfirmation } from '../../../components/ConfirmDialog';
import { Pager } from '../../../components/Pager';
import { openWaitingWindow } from '../../../components/print';
import { toast } from '../../../components/toast';
import { isOnline } from '../../../session/connectivity';
import { offlineText } from '../../../i18n/offline';
import { exportText } from '../../../i18n/exports';
import { importEntryText } from '../../../i18n/student-import-entry';
import { studentText } from '../../../i18n/students';
import type { SchoolInfo, SchoolYear } from '../../../layouts/school';
import { hasPermission, useSession } from '../../../session/session';
import { changeClassTargets } from '../../../../worker/domain/students';
import { ChangeClassDialog, EnrolDialog } from '../dialogs';
import { StudentForm } from '../form/StudentForm';
import { type ClassOption, fullName, type Student } from '../model';
import { Lightbox } from '../photo';
import { MinistryListDialog } from '../ministry-list';
import { printStudentList, printStudentSheets } from '../printing';
import { StudentSheet } from '../StudentSheet';
import { StudentTable } from '../StudentTable';
import { Filters } from './Filters';
import {
  addedLocally,
  deletedLocally,
  enrolledLocally,
  localEnrollment,
  missesRows,
  movedLocally,
  type PageUpdate,
  type SavedChange,
  savedLocally,
  statusLocally,
  updatedLocally,
} from './local';
import { type ImportJob, savedJob } from '../import/saved';
import { SelectionBar } from './SelectionBar';
import { wholeList } from './stored';
import { useRegister } from './useRegister';
import { ErrorNotice } from '../../../components/ErrorNotice';

const t = studentText;

/** The import (issue 30): its own chunk, with the file readers, loaded when opened. */
const ImportDialog = lazyPart(() => import('../import/ImportDialog'), 'ImportDialog');

type Dialog =
  | { kind: 'form'; student: Student | null }
  | { kind: 'sheet'; student: Student }
  | { kind: 'photo'; student: Student }
  | { kind: 'enrol'; student: Student }
  | { kind: 'bulk-enrol' }
  | { kind: 'change-class' }
  | { kind: 'import'; resume: ImportJob | null }
  | { kind: 'ministry' };

export function Register({ year, school }: { year: SchoolYear; school: SchoolInfo | null }) {
  const session = useSession();
  const can = (permission: string) => (session ? hasPermission(session, permission) : false);
  const register = useRegister(year);
  const { list, page, classes, selection } = register;
  const [dialog, setDialog] = useState<Dialog | null>(null);
  // The import works online only; its dialog is not stored for offline use (service-worker-plugin.ts).
  const openImport = (resume: ImportJob | null) => {
    if (!isOnline()) return toast.error(importEntryText.needsNetwork);
    setDialog({ kind: 'import', resume });
  };
  // An import of this year interrupted in this tab (the network, a reload): resumed from here.
  const [unfinished, setUnfinished] = useState(() => savedJob(year.id));
  // A sent write patches the page from its answer: the list is not read again (issue 12).
  const { send, patch, busy } = useWrite(list, { reload: false });
  const pending = usePendingWrites();
  const canEnrol = can('enrollment:create');
  const currency = school?.currency ?? 'Gdes';
  const enrolledSelection = selection.filter((s) => s.enrollment && !s.enrollment.id.startsWith('local-'));

  /** The page with the rows a write's answer saved; read again too when it now misses rows. */
  const placeSaved = (changes: readonly SavedChange[]) => {
    const update = savedLocally(changes, { filters: register.filters, unenrolledFilter: register.unenrolledFilter });
    patch(update);
    if (list.data && missesRows(update(list.data))) list.reload();
  };

  /**
   * A write of the register: the server's notice and the rows its answer saved, or the page as
   * the queued write leaves it.
   */
  const write = async <A extends { message: string }>(
    request: Promise<A | Queued>,
    local: PageUpdate,
    saved: (answer: A) => SavedChange[],
  ) => {
    const outcome = await send(request, {
      success: (answer) => answer.message,
      queued: offlineText.writeQueued,
      offline: local,
    });
    if (outcome) setDialog(null);
    if (outcome && !outcome.queued) placeSaved(saved(outcome.answer));
    return outcome !== null;
  };
  /** The same, for the selection: it is cleared once the write went through. */
  const writeSelection = async <A extends { message: string }>(
    request: Promise<A | Queued>,
    local: PageUpdate,
    saved: (answer: A) => SavedChange[],
  ) => {
    const done = await write(request, local, saved);
    if (done) register.clearSelection();
    return done;
  };

  const onSaved = (student: Student, queued: boolean) => {
    const before = dialog?.kind === 'form' ? dialog.student : null;
    setDialog(null);
    if (queued) return patch(before === null ? addedLocally(student) : updatedLocally(student));
    register.refreshSelected(student);
    placeSaved([{ before, after: student }]);
  };

  const enrolOne = (student: Student, className: string, mppa: number | null) =>
    write(
      call(endpoints.enrollments.enrol, { body: { student_id: student.id, year_id: year.id, className, mppa } }),
      enrolledLocally(new Map([[student.id, localEnrollment(student.id, year.id, className, classes, mppa)]])),
      ({ enrollment }) => [{ before: student, after: { ...student, enrollment } }],
    );

  const enrolSelection = (className: string) =>
    writeSelection(
      call(endpoints.enrollments.enrolMany, {
        body: { student_ids: selection.map((s) => s.id), year_id: year.id, className },
      }),
      enrolledLocally(new Map(selection.map((s) => [s.id, localEnrollment(s.id, year.id, className, classes)]))),
      ({ enrollments }) =>
        enrollments.flatMap(({ student_id, ...enrollment }) => {
          const student = selection.find((s) => s.id === student_id);
          return student ? [{ before: student, after: { ...student, enrollment } }] : [];
        }),
    );

  const moveSelection = (target: ClassOption) => {
    const moving = enrolledSelection;
    const enrollmentIds = moving.map((s) => s.enrollment!.id);
    return writeSelection(
      call(endpoints.enrollments.changeClass, { body: { enrollmentIds, targetClassName: target.name } }),
      movedLocally(enrollmentIds, target),
      ({ className, class_id, enrollmentIds: moved }) =>
        moving
          .filter((s) => moved.includes(s.enrollment!.id))
          .map((s) => ({ before: s, after: { ...s, enrollment: { ...s.enrollment!, className, class_id } } })),
    );
  };

  const deleteSelection = () => {
    const chosen = selection;
    const ids = chosen.map((s) => s.id);
    return writeSelection(call(endpoints.students.remove, { body: { ids } }), deletedLocally(ids), () =>
      chosen.map((s) => ({ before: s, after: null })),
    );
  };

  // Kept open when the delete fails (its reason shown), to try again.
  const deletion = useConfirmation(
    () => ({
      title: t.remove.title(selection.length),
      confirmLabel: t.remove.confirm,
      cancelLabel: t.remove.cancel,
      body: <p>{t.remove.body}</p>,
    }),
    async () => ((await deleteSelection()) ? true : null),
    { keepOnFailure: true },
  );

  const setStatus = (status: Student['status']) => {
    const changing = selection.filter((s) => s.status !== status);
    const ids = changing.map((s) => s.id);
    return writeSelection(
      call(endpoints.students.setStatus, { body: { ids, status } }),
      statusLocally(ids, status, register.filters.includeArchived),
      (answer) =>
        changing
          .filter((s) => answer.ids.includes(s.id))
          .map((s) => ({ before: s, after: { ...s, status: answer.status } })),
    );
  };

  const printSheets = () => {
    if (selection.length === 0) return toast.error(t.bulk.selectionRequired);
    printStudentSheets(selection, school, year.name);
  };

  const printList = async () => {
    const win = openWaitingWindow(t.print.preparing, t.print.popupBlocked);
    if (!win) return;
    try {
      printStudentList(await wholeList(register.filters, register.unenrolledFilter), school, year.name, win);
    } catch (error) {
      win.close();
      toast.error(errorMessage(error));
    }
  };

  return (
    <main className={`page students-page${selection.length > 0 ? ' has-selection' : ''}`}>
      <header className="students-header">
        <div>
          <h1>{t.title}</h1>
          <p className="muted">{t.yearLabel(year.name)}</p>
        </div>
        <div className="students-header-actions">
          <Button onClick={() => void printList()} disabled={!page || page.pagination.total === 0}>
            {t.toolbar.printList}
          </Button>
          <Button onClick={() => setDialog({ kind: 'ministry' })}>{exportText.ministry.open}</Button>
          {can('student:create') && <Button onClick={() => openImport(null)}>{importEntryText.open}</Button>}
          {can('student:create') && (
            <Button look="primary" onClick={() => setDialog({ kind: 'form', student: null })}>
              {t.toolbar.add}
            </Button>
          )}
        </div>
      </header>
      <RefusedWrites areas={['/students', '/enrollments']} />

      {unfinished && dialog?.kind !== 'import' && can('student:create') && (
        <p className="notice tone-warning" role="status">
          {importEntryText.pending(unfinished.file, unfinished.sent, unfinished.lines.length)}{' '}
          <Button onClick={() => openImport(unfinished)}>{importEntryText.resume}</Button>
        </p>
      )}

      <Filters register={register} />

      {selection.length > 0 && (
        <SelectionBar
          selection={selection}
          actions={{
            canEnrol,
            canChangeClass: can('enrollment:update_class'),
            canArchive: session?.role === 'admin',
            canDelete: can('student:delete'),
            busy,
            onEnrol: () => setDialog({ kind: 'bulk-enrol' }),
            onChangeClass: () => setDialog({ kind: 'change-class' }),
            onPrintSheets: printSheets,
            onStatus: (status) => void setStatus(status),
            onDelete: () => deletion.ask(true),
            onClear: register.clearSelection,
          }}
        />
      )}

      {!page && <ErrorNotice message={list.error} />}
      {!page && list.loading && (
        <p className="muted" role="status">
          {t.table.loading}
        </p>
      )}
      {list.stored && (
        <p className="notice tone-warning" role="status">
          {offlineText.storedResults}
        </p>
      )}
      {page && page.students.length === 0 && <p className="notice tone-info">{t.table.empty}</p>}
      {page && page.students.length > 0 && (
        <StudentTable
          students={page.students}
          selected={new Set(register.selected.keys())}
          pending={pending}
          onToggle={register.toggle}
          onTogglePage={register.togglePage}
          actions={{
            canEdit: can('student:update'),
            canEnrol,
            onOpen: (s) => setDialog({ kind: 'sheet', student: s }),
            onEdit: (s) => setDialog({ kind: 'form', student: s }),
            onEnrol: (s) => setDialog({ kind: 'enrol', student: s }),
            onPhoto: (s) => setDialog({ kind: 'photo', student: s }),
          }}
        />
      )}

      {page && (
        <Pager
          page={page.pagination.page}
          totalPages={page.pagination.totalPages}
          total={t.pager.total(page.pagination.total)}
          busy={list.loading}
          onPage={register.goToPage}
        />
      )}

      {dialog?.kind === 'form' && (
        <StudentForm
          student={dialog.student}
          year={year}
          classes={classes}
          school={school}
          canEnrol={canEnrol}
          canChangeMppa={can('enrollment:update_payment')}
          onClose={() => setDialog(null)}
          onSaved={onSaved}
        />
      )}
      {dialog?.kind === 'sheet' && (
        <StudentSheet
          student={register.pageById.get(dialog.student.id) ?? dialog.student}
          school={school}
          yearName={year.name}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'photo' && dialog.student.photo_url && (
        <Lightbox url={dialog.student.photo_url} name={fullName(dialog.student)} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'enrol' && (
        <EnrolDialog
          title={t.enrol.title(fullName(dialog.student))}
          yearName={year.name}
          classes={classes}
          currency={currency}
          withAmount
          busy={busy}
          onSubmit={(className, mppa) => void enrolOne(dialog.student, className, mppa)}
          onCancel={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'bulk-enrol' && (
        <EnrolDialog
          title={t.enrol.bulkTitle(selection.length)}
          yearName={year.name}
          classes={classes}
          currency={currency}
          withAmount={false}
          busy={busy}
          onSubmit={(className) => void enrolSelection(className)}
          onCancel={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'change-class' && (
        <ChangeClassDialog
          count={enrolledSelection.length}
          targets={changeClassTargets(
            classes,
            enrolledSelection.map((s) => ({ className: s.enrollment!.className })),
          )}
          busy={busy}
          onSubmit={(target) => void moveSelection(target)}
          onCancel={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'import' && (
        <Suspense fallback={null}>
          <ImportDialog
            yearId={year.id}
            resume={dialog.resume}
            onClose={(changed) => {
              setDialog(null);
              setUnfinished(savedJob(year.id));
              if (changed) list.reload();
            }}
          />
        </Suspense>
      )}
      {dialog?.kind === 'ministry' && (
        <MinistryListDialog
          classes={classes}
          initialClass={register.filters.classFilter}
          yearName={year.name}
          school={school}
          load={(className) =>
            wholeList(
              { ...register.filters, classFilter: className, search: '', includeArchived: false, page: 1 },
              register.unenrolledFilter,
            )
          }
          onClose={() => setDialog(null)}
        />
      )}
      {deletion.dialog}
    </main>
  );
}
