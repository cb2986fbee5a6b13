// 'Gestion des Élèves' (document 2 §2): the paginated register of the selected year with search,
// class filter, sort, archived toggle, selection and bulk actions, the student form drawer, the
// student sheet, enrolment dialogs and printing.
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { api, errorMessage, isQueued, NetworkError, type Queued } from '../../api/client';
import { cachedAnswers, updateCachedGet } from '../../api/cache';
import { usePendingWrites } from '../../api/pending';
import { useApi } from '../../api/useApi';
import { openWaitingWindow } from '../../components/print';
import { toast } from '../../components/toast';
import { offlineText } from '../../i18n/offline';
import { studentText } from '../../i18n/students';
import { type SchoolInfo, type SchoolYear, useSchool } from '../../layouts/school';
import { hasPermission, useSession } from '../../session/session';
import { bulkEnrolState, canChangeClass, changeClassTargets } from '../../../worker/domain/students';
import { ChangeClassDialog, ConfirmDialog, EnrolDialog } from './dialogs';
import {
  addedLocally,
  type ClassOption,
  deletedLocally,
  type Enrollment,
  enrolledLocally,
  type FormDataAnswer,
  fullName,
  LARGEST_PAGE,
  LIST_PREFIX,
  listPath,
  type ListFilters,
  movedLocally,
  statusLocally,
  type Student,
  type StudentPage,
  storedPage,
  storedStudents,
  updatedLocally,
} from './model';
import { Lightbox } from './photo';
import { printStudentList, printStudentSheets } from './printing';
import { type SavedStudent, StudentForm } from './StudentForm';
import { StudentSheet } from './StudentSheet';
import { StudentTable } from './StudentTable';
import './students.css';

const t = studentText;
const SEARCH_DEBOUNCE_MS = 300;
const UNENROLLED = '__non_inscrits__';

/** Every list of the year this device stored (the offline copy), whatever its filters. */
async function storedLists(yearId: string): Promise<StudentPage[]> {
  const answers = await cachedAnswers<StudentPage>(LIST_PREFIX);
  return answers.filter((a) => new URLSearchParams(a.path.split('?')[1]).get('yearId') === yearId && Array.isArray(a.data.students)).map((a) => a.data);
}

/** The whole list as filtered, every page (the printed list); offline, from the stored lists. */
async function wholeList(f: ListFilters, unenrolledFilter: string): Promise<Student[]> {
  try {
    const first = await api.get<StudentPage>(listPath({ ...f, page: 1 }, LARGEST_PAGE));
    const pages = Array.from({ length: first.pagination.totalPages - 1 }, (_, i) => i + 2);
    const rest = await Promise.all(pages.map((page) => api.get<StudentPage>(listPath({ ...f, page }, LARGEST_PAGE))));
    return [first, ...rest].flatMap((p) => p.students);
  } catch (error) {
    const stored = error instanceof NetworkError ? await storedLists(f.yearId) : [];
    if (stored.length === 0) throw error;
    return storedStudents(stored, f, unenrolledFilter);
  }
}

export function StudentsPage() {
  const { school, selectedYear, loading, error } = useSchool();
  if (loading) {
    return (
      <p className="page muted" role="status">
        {t.yearLoading}
      </p>
    );
  }
  if (error || !selectedYear) {
    return (
      <main className="page">
        <div className="notice notice-error" role="alert">
          <h2>{t.configErrorTitle}</h2>
          <p>{error ?? t.configErrorBody}</p>
          <Link to="/admin">{t.configErrorLink}</Link>
        </div>
      </main>
    );
  }
  return <Register key={selectedYear.id} year={selectedYear} school={school} />;
}

type Dialog =
  | { kind: 'form'; student: Student | null }
  | { kind: 'sheet'; student: Student }
  | { kind: 'photo'; student: Student }
  | { kind: 'enrol'; student: Student }
  | { kind: 'bulk-enrol' }
  | { kind: 'change-class' }
  | { kind: 'delete' };

interface Answer {
  message: string;
}

function Register({ year, school }: { year: SchoolYear; school: SchoolInfo | null }) {
  const session = useSession();
  const can = (permission: string) => (session ? hasPermission(session, permission) : false);
  const isAdminType = session?.role === 'admin';

  const [filters, setFilters] = useState<ListFilters>({
    yearId: year.id,
    page: 1,
    includeArchived: false,
    classFilter: '',
    search: '',
    sort: 'nom',
  });
  const [searchInput, setSearchInput] = useState('');
  const [selected, setSelected] = useState<Map<string, Student>>(new Map());
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [busy, setBusy] = useState(false);

  const path = listPath(filters);
  const form = useApi<FormDataAnswer>(`/students/form-data?yearId=${encodeURIComponent(year.id)}`);
  const unenrolledFilter = form.data?.unenrolledFilter ?? UNENROLLED;
  // Offline, a search (or page, filter, sort) never read here is answered from the stored lists.
  const list = useApi<StudentPage>(path, {
    offline: async () => storedPage(await storedLists(year.id), filters, unenrolledFilter),
  });
  const classes = useMemo(() => form.data?.classes ?? [], [form.data]);
  const pending = usePendingWrites();

  // Filter changes start again at page 1 with an empty selection.
  const refine = (change: Partial<ListFilters>) => {
    setFilters((f) => ({ ...f, ...change, page: 1 }));
    setSelected(new Map());
  };

  useEffect(() => {
    const timer = window.setTimeout(() => {
      setFilters((f) => (f.search === searchInput ? f : { ...f, search: searchInput, page: 1 }));
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [searchInput]);

  const page = list.data;
  // After a delete the page asked may no longer exist: show the last one.
  useEffect(() => {
    if (page && page.students.length === 0 && page.pagination.page > page.pagination.totalPages) {
      setFilters((f) => ({ ...f, page: page.pagination.totalPages }));
    }
  }, [page]);
  const pageById = useMemo(() => new Map((page?.students ?? []).map((s) => [s.id, s])), [page]);
  // The selection may span pages; the rows of the page shown are the freshest copies.
  const selection = useMemo(() => [...selected.values()].map((s) => pageById.get(s.id) ?? s), [selected, pageById]);
  const enrolState = bulkEnrolState(selection.map((s) => ({ className: s.enrollment?.className ?? null })));
  const enrolledSelection = selection.filter((s) => s.enrollment && !s.enrollment.id.startsWith('local-'));
  const targets = changeClassTargets(classes, enrolledSelection.map((s) => ({ className: s.enrollment!.className })));

  const toggle = (s: Student) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(s.id)) next.delete(s.id);
      else next.set(s.id, s);
      return next;
    });
  const togglePage = (select: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const s of page?.students ?? []) {
        if (select) next.set(s.id, s);
        else next.delete(s.id);
      }
      return next;
    });

  /** A queued write changes the list shown and its offline copy, and skips the reload. */
  const applyLocally = (update: (p: StudentPage) => StudentPage) => {
    list.setData(update);
    void updateCachedGet<StudentPage>(path, update);
  };

  async function write<T extends Answer>(request: () => Promise<T | Queued>, local: (p: StudentPage) => StudentPage) {
    setBusy(true);
    try {
      const answer = await request();
      if (isQueued(answer)) {
        applyLocally(local);
        toast.info(offlineText.writeQueued);
      } else {
        toast.success(answer.message);
        list.reload();
      }
      setDialog(null);
      return true;
    } catch (error) {
      toast.error(errorMessage(error));
      return false;
    } finally {
      setBusy(false);
    }
  }

  const onSaved = ({ student, queued, message }: SavedStudent) => {
    const isNew = dialog?.kind === 'form' && dialog.student === null;
    setDialog(null);
    if (queued) {
      applyLocally(isNew ? addedLocally(student) : updatedLocally(student));
      toast.info(offlineText.writeQueued);
      return;
    }
    toast.success(message);
    setSelected((current) => (current.has(student.id) ? new Map(current).set(student.id, student) : current));
    list.reload();
  };

  const requireSelection = () => {
    if (selection.length > 0) return true;
    toast.error(t.bulk.selectionRequired);
    return false;
  };

  const enrolOne = (student: Student, className: string, mppa: number | null) => {
    const target = classes.find((c) => c.name === className);
    const local: Enrollment = {
      id: `local-${student.id}`,
      year_id: year.id,
      class_id: target?.id ?? '',
      className,
      mppa: mppa ?? target?.mppa ?? 0,
    };
    return write(
      () => api.post<Answer | Queued>('/enrollments', { student_id: student.id, year_id: year.id, className, mppa }),
      enrolledLocally(new Map([[student.id, local]])),
    );
  };

  const enrolSelection = async (className: string) => {
    const target = classes.find((c) => c.name === className);
    const local = new Map(
      selection.map((s) => [
        s.id,
        { id: `local-${s.id}`, year_id: year.id, class_id: target?.id ?? '', className, mppa: target?.mppa ?? 0 } satisfies Enrollment,
      ]),
    );
    const done = await write(
      () => api.post<Answer | Queued>('/enrollments/bulk', { student_ids: selection.map((s) => s.id), year_id: year.id, className }),
      enrolledLocally(local),
    );
    if (done) setSelected(new Map());
  };

  const moveSelection = async (target: ClassOption) => {
    const enrollmentIds = enrolledSelection.map((s) => s.enrollment!.id);
    const done = await write(
      () => api.post<Answer | Queued>('/enrollments/bulk-change-class', { enrollmentIds, targetClassName: target.name }),
      movedLocally(enrollmentIds, target),
    );
    if (done) setSelected(new Map());
  };

  const deleteSelection = async () => {
    const ids = selection.map((s) => s.id);
    const done = await write(() => api.post<Answer | Queued>('/students/delete', { ids }), deletedLocally(ids));
    if (done) setSelected(new Map());
  };

  const setStatus = async (status: Student['status']) => {
    const ids = selection.filter((s) => s.status !== status).map((s) => s.id);
    const done = await write(
      () => api.post<Answer | Queued>('/students/status', { ids, status }),
      statusLocally(ids, status, filters.includeArchived),
    );
    if (done) setSelected(new Map());
  };

  const printList = async () => {
    const win = openWaitingWindow(t.print.preparing, t.print.popupBlocked);
    if (!win) return;
    try {
      printStudentList(await wholeList(filters, unenrolledFilter), school, year.name, win);
    } catch (error) {
      win.close();
      toast.error(errorMessage(error));
    }
  };

  const pagination = page?.pagination;
  const canEnrol = can('enrollment:create');

  return (
    <main className={`page students-page${selection.length > 0 ? ' has-selection' : ''}`}>
      <header className="students-header">
        <div>
          <h1>{t.title}</h1>
          <p className="muted">{t.yearLabel(year.name)}</p>
        </div>
        <div className="students-header-actions">
          <button type="button" className="btn btn-secondary" onClick={() => void printList()} disabled={!page || page.pagination.total === 0}>
            {t.toolbar.printList}
          </button>
          {can('student:create') && (
            <button type="button" className="btn" onClick={() => setDialog({ kind: 'form', student: null })}>
              {t.toolbar.add}
            </button>
          )}
        </div>
      </header>

      <section className="students-toolbar card" aria-label={t.toolbar.filters}>
        <div className="field toolbar-search">
          <label htmlFor="students-search">{t.toolbar.search}</label>
          <input
            id="students-search"
            className="input"
            type="search"
            placeholder={t.toolbar.searchPlaceholder}
            value={searchInput}
            onChange={(e) => setSearchInput(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="students-class">{t.toolbar.classFilter}</label>
          <select id="students-class" className="input" value={filters.classFilter} onChange={(e) => refine({ classFilter: e.target.value })}>
            <option value="">{t.toolbar.allClasses}</option>
            <option value={unenrolledFilter}>{t.toolbar.unenrolled}</option>
            {classes.map((c) => (
              <option key={c.id} value={c.name}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="students-sort">{t.toolbar.sort}</label>
          <select id="students-sort" className="input" value={filters.sort} onChange={(e) => refine({ sort: e.target.value as ListFilters['sort'] })}>
            <option value="nom">{t.toolbar.sortNom}</option>
            <option value="prenom">{t.toolbar.sortPrenom}</option>
          </select>
        </div>
        <label className="check toolbar-archived">
          <input type="checkbox" checked={filters.includeArchived} onChange={(e) => refine({ includeArchived: e.target.checked })} />
          {t.toolbar.showArchived}
        </label>
      </section>

      {selection.length > 0 && (
        <section className="bulk-bar" aria-label={t.bulk.selected(selection.length)}>
          <p className="bulk-count" role="status">
            {t.bulk.selected(selection.length)}
          </p>
          {enrolState === 'all-enrolled' && canEnrol && (
            <p className="notice notice-info bulk-info" role="status">
              {t.bulk.allEnrolled}
            </p>
          )}
          <div className="bulk-actions">
            {enrolState === 'enrol' && canEnrol && (
              <button type="button" className="btn btn-small" onClick={() => setDialog({ kind: 'bulk-enrol' })}>
                {t.bulk.enrol}
              </button>
            )}
            {canChangeClass(selection.map((s) => ({ className: s.enrollment?.className ?? null }))) && can('enrollment:update_class') && (
              <button type="button" className="btn btn-secondary btn-small" onClick={() => setDialog({ kind: 'change-class' })}>
                {t.bulk.changeClass}
              </button>
            )}
            <button type="button" className="btn btn-secondary btn-small" onClick={() => requireSelection() && printStudentSheets(selection, school, year.name)}>
              {t.toolbar.printSheets}
            </button>
            {isAdminType && selection.some((s) => s.status === 'active') && (
              <button type="button" className="btn btn-secondary btn-small" disabled={busy} onClick={() => void setStatus('archived')}>
                {t.bulk.archive}
              </button>
            )}
            {isAdminType && selection.some((s) => s.status === 'archived') && (
              <button type="button" className="btn btn-secondary btn-small" disabled={busy} onClick={() => void setStatus('active')}>
                {t.bulk.reactivate}
              </button>
            )}
            {can('student:delete') && (
              <button type="button" className="btn btn-danger btn-small" onClick={() => setDialog({ kind: 'delete' })}>
                {t.bulk.delete}
              </button>
            )}
            <button type="button" className="btn btn-ghost btn-small" onClick={() => setSelected(new Map())}>
              {t.bulk.clear}
            </button>
          </div>
        </section>
      )}

      {list.error && !page && (
        <p className="notice notice-error" role="alert">
          {list.error}
        </p>
      )}
      {!page && list.loading && (
        <p className="muted" role="status">
          {t.table.loading}
        </p>
      )}
      {list.stored && (
        <p className="notice notice-warning" role="status">
          {offlineText.storedResults}
        </p>
      )}
      {page && page.students.length === 0 && <p className="notice notice-info">{t.table.empty}</p>}
      {page && page.students.length > 0 && (
        <StudentTable
          students={page.students}
          selected={new Set(selected.keys())}
          pending={pending}
          onToggle={toggle}
          onTogglePage={togglePage}
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

      {pagination && (
        <nav className="pager" aria-label={t.pager.page(pagination.page, pagination.totalPages)}>
          <button
            type="button"
            className="btn btn-secondary"
            disabled={pagination.page <= 1 || list.loading}
            onClick={() => setFilters((f) => ({ ...f, page: f.page - 1 }))}
          >
            {t.pager.previous}
          </button>
          <span className="pager-status">
            <span>{t.pager.page(pagination.page, pagination.totalPages)}</span>
            <span className="muted">{t.pager.total(pagination.total)}</span>
          </span>
          <button
            type="button"
            className="btn btn-secondary"
            disabled={pagination.page >= pagination.totalPages || list.loading}
            onClick={() => setFilters((f) => ({ ...f, page: f.page + 1 }))}
          >
            {t.pager.next}
          </button>
        </nav>
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
        <StudentSheet student={pageById.get(dialog.student.id) ?? dialog.student} school={school} yearName={year.name} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'photo' && dialog.student.photo_url && (
        <Lightbox url={dialog.student.photo_url} name={fullName(dialog.student)} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'enrol' && (
        <EnrolDialog
          title={t.enrol.title(fullName(dialog.student))}
          yearName={year.name}
          classes={classes}
          currency={school?.currency ?? 'Gdes'}
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
          currency={school?.currency ?? 'Gdes'}
          withAmount={false}
          busy={busy}
          onSubmit={(className) => void enrolSelection(className)}
          onCancel={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'change-class' && (
        <ChangeClassDialog
          count={enrolledSelection.length}
          targets={targets}
          busy={busy}
          onSubmit={(target) => void moveSelection(target)}
          onCancel={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title={t.remove.title(selection.length)}
          body={t.remove.body}
          confirmLabel={t.remove.confirm}
          cancelLabel={t.remove.cancel}
          danger
          busy={busy}
          onConfirm={() => void deleteSelection()}
          onCancel={() => setDialog(null)}
        />
      )}
    </main>
  );
}
