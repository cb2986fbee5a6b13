// Teachers management (/teachers-management, settings:manage_teachers): the school's teachers with
// their account and their courses of the year chosen in the top bar; add one (their account is
// made with a temporary password shown once, printable on a slip), edit, give or take back
// courses, reset the account's password, remove. Cards on a phone, the same cards in a grid wider.
import { useMemo, useState } from 'react';
import { useRead } from '../../api/calls';
import { endpoints } from '../../api/endpoints';
import { useWrite } from '../../api/useWrite';
import { Button } from '../../components/Button';
import { useConfirmation } from '../../components/ConfirmDialog';
import { type Credentials, CredentialsDialog } from '../../components/CredentialsDialog';
import { shellText } from '../../i18n/shell';
import { teachersText as t } from '../../i18n/teachers';
import { useSchool, NoYearNotice } from '../../layouts/school';
import { useOnline } from '../../session/connectivity';
import { SearchField } from '../../components/SearchField';
import { toast } from '../../components/toast';
import { ErrorNotice } from '../../components/ErrorNotice';
import { matchesSearch } from '../../../worker/domain/text';
import type { SchoolTeacher, TeacherInput } from '../../../worker/contract/teachers';
import { CoursesDialog } from './CoursesDialog';
import { printAccountSlip } from './slip';
import { TeacherForm } from './TeacherForm';
import './teachers.css';

const fullName = (teacher: { prenom: string; nom: string }) => `${teacher.prenom} ${teacher.nom}`;

type Dialog =
  | { kind: 'add' }
  | { kind: 'edit' | 'courses'; teacher: SchoolTeacher }
  | { kind: 'credentials'; name: string; credentials: Credentials };

export function TeachersPage() {
  const { school, selectedYear } = useSchool();
  const online = useOnline();
  const teachers = useRead(endpoints.teachers.list, selectedYear ? { query: { yearId: selectedYear.id } } : null);
  const { write, busy } = useWrite(teachers);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [search, setSearch] = useState('');
  const shown = useMemo(
    () =>
      (teachers.data ?? []).filter((teacher) => matchesSearch([teacher.prenom, teacher.nom, teacher.username], search)),
    [teachers.data, search],
  );

  /** Account writes need an answer: the temporary password is shown once. */
  const needsNetwork = () => {
    if (online) return false;
    toast.error(t.form.online);
    return true;
  };

  async function save(input: TeacherInput) {
    if (dialog?.kind === 'edit') {
      const outcome = await write(
        endpoints.teachers.update,
        { params: { id: dialog.teacher.id }, body: input },
        {
          success: (a) => a.message,
          offline: (list) =>
            list.map((row) =>
              row.id === dialog.teacher.id
                ? { ...row, ...input, phone: input.phone ?? null, email: input.email ?? null }
                : row,
            ),
        },
      );
      if (outcome) setDialog(null);
      return;
    }
    if (needsNetwork()) return;
    const outcome = await write(endpoints.teachers.create, { body: input }, { success: null });
    if (outcome && !outcome.queued)
      setDialog({ kind: 'credentials', name: fullName(outcome.answer.teacher), credentials: outcome.answer });
  }

  async function createAccount(teacher: SchoolTeacher) {
    if (needsNetwork()) return;
    const outcome = await write(endpoints.teachers.createAccount, { params: { id: teacher.id } }, { success: null });
    if (outcome && !outcome.queued)
      setDialog({ kind: 'credentials', name: fullName(teacher), credentials: outcome.answer });
  }

  const resetting = useConfirmation(
    (teacher: SchoolTeacher) => ({
      title: t.resetTitle(fullName(teacher)),
      confirmLabel: t.resetConfirm,
      tone: 'warning',
      body: <p>{t.resetBody}</p>,
    }),
    async (teacher: SchoolTeacher) => {
      if (needsNetwork()) return null;
      const outcome = await write(endpoints.teachers.resetPassword, { params: { id: teacher.id } }, { success: null });
      if (outcome && !outcome.queued)
        setDialog({ kind: 'credentials', name: fullName(teacher), credentials: outcome.answer });
      return outcome;
    },
    { keepOnFailure: true },
  );
  const removing = useConfirmation(
    (teacher: SchoolTeacher) => ({
      title: t.removeTitle(fullName(teacher)),
      confirmLabel: t.actions.remove,
      body: t.removeBody,
    }),
    (teacher: SchoolTeacher) =>
      write(
        endpoints.teachers.remove,
        { params: { id: teacher.id } },
        {
          success: (a) => a.message,
          offline: (list) => list.filter((row) => row.id !== teacher.id),
        },
      ),
  );

  return (
    <main className="page teachers-page">
      <div className="spread teachers-head">
        <h1>{shellText.screens.teachers}</h1>
        <Button
          look="primary"
          className="teachers-add"
          disabled={!selectedYear}
          onClick={() => setDialog({ kind: 'add' })}
        >
          + {t.add}
        </Button>
      </div>
      <NoYearNotice text={t.noYear} />
      {!teachers.data && <ErrorNotice message={teachers.error} />}
      {selectedYear && !teachers.data && !teachers.error && (
        <p className="muted" role="status">
          {t.loading}
        </p>
      )}
      {teachers.data?.length === 0 && <p className="card muted">{t.empty}</p>}
      {Boolean(teachers.data?.length) && (
        <SearchField
          hiddenLabel
          className="teachers-search"
          label={t.search}
          placeholder={t.search}
          value={search}
          onChange={setSearch}
        />
      )}
      {teachers.data && teachers.data.length > 0 && shown.length === 0 && <p className="muted">{t.noMatch}</p>}
      <ul className="teacher-cards">
        {shown.map((teacher) => (
          <li key={teacher.id} className="card teacher-card" aria-label={fullName(teacher)}>
            <h2>
              {teacher.nom} {teacher.prenom}
            </h2>
            <dl className="teacher-facts">
              {teacher.phone && (
                <>
                  <dt>{t.phone}</dt>
                  <dd>
                    <a href={`tel:${teacher.phone.replace(/\s/g, '')}`}>{teacher.phone}</a>
                  </dd>
                </>
              )}
              {teacher.email && (
                <>
                  <dt>{t.email}</dt>
                  <dd className="teacher-email">{teacher.email}</dd>
                </>
              )}
              <dt>{t.account}</dt>
              <dd>
                {teacher.username && <span>{teacher.username} </span>}
                <span className={teacher.account_status === 'active' ? 'badge' : 'badge tone-warning'}>
                  {t.states[teacher.account_status ?? 'none']}
                </span>
              </dd>
              <dt>{t.courses}</dt>
              <dd className="teacher-courses">
                {teacher.assignments.length === 0 && <span className="muted small">{t.noCourses}</span>}
                {teacher.assignments.map((a) => (
                  <span key={a.id} className="badge badge-role">
                    {a.subject_name} · {a.class_name}
                  </span>
                ))}
              </dd>
            </dl>
            <div className="teacher-actions" role="group" aria-label={t.actionsOf(fullName(teacher))}>
              <Button disabled={busy} onClick={() => setDialog({ kind: 'edit', teacher })}>
                {t.actions.edit}
              </Button>
              <Button disabled={busy} onClick={() => setDialog({ kind: 'courses', teacher })}>
                {t.actions.courses}
              </Button>
              {teacher.user_id ? (
                <Button disabled={busy} onClick={() => resetting.ask(teacher)}>
                  {t.actions.reset}
                </Button>
              ) : (
                <Button disabled={busy} onClick={() => void createAccount(teacher)}>
                  {t.actions.createAccount}
                </Button>
              )}
              <Button className="danger-text" disabled={busy} onClick={() => removing.ask(teacher)}>
                {t.actions.remove}
              </Button>
            </div>
          </li>
        ))}
      </ul>

      {(dialog?.kind === 'add' || dialog?.kind === 'edit') && (
        <TeacherForm
          teacher={dialog.kind === 'edit' ? dialog.teacher : null}
          busy={busy}
          onSave={(input) => void save(input)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'courses' && selectedYear && (
        <CoursesDialog
          teacher={dialog.teacher}
          teachers={teachers.data ?? []}
          year={selectedYear}
          onClose={() => {
            setDialog(null);
            teachers.reload();
          }}
        />
      )}
      {resetting.dialog}
      {removing.dialog}
      {dialog?.kind === 'credentials' && (
        <CredentialsDialog
          title={t.credentialsTitle(dialog.name)}
          credentials={dialog.credentials}
          onPrint={() => printAccountSlip(school, dialog.name, dialog.credentials)}
          onClose={() => setDialog(null)}
        />
      )}
    </main>
  );
}
