// /guardians ('Comptes des parents', guardian:manage, issue 43, decision 360): opened from a
// pupil's sheet (`?student=`), the pupil's guardians and the form linking one by phone (a new
// account's one-time code shown once, its slip printed); a class's accounts at once (ClassGuardians);
// below, the school's list: who has an account, a new code to print, a link to end. Online only: a
// code is shown once.
import { type FormEvent, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { send, useRead } from '../../../api/calls';
import { errorMessage, NetworkError } from '../../../api/client';
import { endpoints } from '../../../api/endpoints';
import { useWrite } from '../../../api/useWrite';
import { Button } from '../../../components/Button';
import { useConfirmation } from '../../../components/ConfirmDialog';
import { PrintDialog } from '../../../components/Dialog';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { InputField } from '../../../components/Field';
import { SearchField } from '../../../components/SearchField';
import { SubmitButton } from '../../../components/SubmitButton';
import { toast } from '../../../components/toast';
import { guardiansText as t } from '../../../i18n/guardians';
import { useSchool } from '../../../layouts/school';
import type { GuardianSlip, SchoolGuardianRow } from '../../../../worker/contract/guardians';
import { phoneShown } from '../../../../worker/domain/guardians';
import { matchesSearch } from '../../../../worker/domain/text';
import { ClassGuardians } from './ClassGuardians';
import { printGuardianSlip, type GuardianSlipData } from './slip';

const STATUS_TONE = { active: 'success', temporary_password: 'warning', disabled: 'error' } as const;
const pupilName = (r: { prenom: string; nom: string }) => `${r.prenom} ${r.nom}`;

type Shown = { slip: GuardianSlipData | null; message: string };

function PupilGuardians({
  studentId,
  onSlip,
  onChange,
}: {
  studentId: string;
  onSlip: (s: Shown) => void;
  onChange: () => void;
}) {
  const pupil = useRead(endpoints.guardians.ofStudent, { params: { id: studentId } });
  const [phone, setPhone] = useState<string | null>(null);
  const [name, setName] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (pupil.error && !pupil.data) return <ErrorNotice message={pupil.error} />;
  if (!pupil.data) return null;
  const data = pupil.data;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const answer: GuardianSlip = await send(endpoints.guardians.link, {
        params: { id: studentId },
        body: { phone: phone ?? data.tutor_phone ?? '', name: name ?? data.tutor_name ?? '' },
      });
      toast.success(answer.message);
      onSlip({
        message: answer.message,
        slip: answer.tempPassword
          ? { pupil: pupilName(data), guardian: answer.link.name, phone: answer.link.phone, code: answer.tempPassword }
          : null,
      });
      setPhone(null);
      setName(null);
      pupil.reload();
      onChange();
    } catch (error) {
      toast.error(error instanceof NetworkError ? t.online : errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card guardians-pupil" aria-labelledby="guardians-pupil">
      <h2 id="guardians-pupil">{t.pupilHeading(pupilName(data))}</h2>
      {data.links.length === 0 ? (
        <p className="muted">{t.noneForPupil}</p>
      ) : (
        <ul className="bare-list">
          {data.links.map((l) => (
            <li key={l.id}>
              <strong>{l.name}</strong> · {phoneShown(l.phone)} ·{' '}
              <span className={`badge tone-${STATUS_TONE[l.account_status]}`}>{t.status[l.account_status]}</span>
            </li>
          ))}
        </ul>
      )}
      <form className="toolbar" onSubmit={(e) => void submit(e)} noValidate>
        <InputField
          label={t.phone}
          hint={t.phoneHint}
          type="tel"
          autoComplete="off"
          value={phone ?? data.tutor_phone ?? ''}
          onChange={(e) => setPhone(e.target.value)}
        />
        <InputField label={t.name} value={name ?? data.tutor_name ?? ''} onChange={(e) => setName(e.target.value)} />
        <SubmitButton busy={busy}>{t.link}</SubmitButton>
      </form>
    </section>
  );
}

export function GuardiansPage() {
  const { school } = useSchool();
  const [params] = useSearchParams();
  const studentId = params.get('student');
  const list = useRead(endpoints.guardians.list, {});
  const { write } = useWrite(list);
  const [search, setSearch] = useState('');
  const [shown, setShown] = useState<Shown | null>(null);
  const rows = useMemo(
    () => (list.data ?? []).filter((r) => matchesSearch([r.nom, r.prenom, r.name, r.phone], search)),
    [list.data, search],
  );

  const newCode = useConfirmation(
    (row: SchoolGuardianRow) => ({
      title: t.newCodeTitle(row.name),
      confirmLabel: t.newCode,
      tone: 'warning',
      body: <p>{t.newCodeBody}</p>,
    }),
    async (row: SchoolGuardianRow) => {
      try {
        const answer = await send(endpoints.guardians.newCode, { params: { id: row.id } });
        toast.success(answer.message);
        setShown({
          message: answer.message,
          slip: { pupil: pupilName(row), guardian: row.name, phone: row.phone, code: answer.tempPassword ?? '' },
        });
        list.reload();
      } catch (error) {
        toast.error(error instanceof NetworkError ? t.online : errorMessage(error));
      }
    },
  );
  const ending = useConfirmation(
    (row: SchoolGuardianRow) => ({
      title: t.endTitle(row.name, pupilName(row)),
      confirmLabel: t.end,
      body: <p>{t.endBody}</p>,
    }),
    (row: SchoolGuardianRow) =>
      write(
        endpoints.guardians.end,
        { params: { id: row.id } },
        { success: (a) => a.message, offline: (all) => all.filter((r) => r.id !== row.id) },
      ),
    { keepOnFailure: true },
  );

  return (
    <main className="page guardians-page">
      <h1>{t.title}</h1>
      <p className="muted">{t.intro}</p>
      {studentId && <PupilGuardians studentId={studentId} onSlip={setShown} onChange={() => list.reload()} />}
      <ClassGuardians onChange={() => list.reload()} />
      {list.error && !list.data && <ErrorNotice message={list.error} />}
      {list.data && (
        <>
          <SearchField label={t.search} value={search} onChange={setSearch} />
          {rows.length === 0 ? (
            <p className="card muted">{t.empty}</p>
          ) : (
            <ul className="bare-list guardians-list">
              {rows.map((r) => (
                <li key={r.id} className="card">
                  <p>
                    <strong>{pupilName(r)}</strong>
                    {r.class_name && <span className="muted small"> · {r.class_name}</span>}
                  </p>
                  <p>
                    {r.name} · {phoneShown(r.phone)}{' '}
                    <span className={`badge tone-${STATUS_TONE[r.account_status]}`}>{t.status[r.account_status]}</span>
                  </p>
                  <span className="inline-list">
                    <Button small onClick={() => newCode.ask(r)}>
                      {t.newCode}
                    </Button>
                    <Button small onClick={() => ending.ask(r)}>
                      {t.end}
                    </Button>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {newCode.dialog}
      {ending.dialog}
      {shown &&
        (shown.slip ? (
          <PrintDialog
            title={t.slipTitle}
            printLabel={t.print}
            closeLabel={t.done}
            onClose={() => setShown(null)}
            onPrint={() => printGuardianSlip(school, shown.slip!)}
          >
            <p className="notice tone-warning">{t.slipHint}</p>
            <p>
              {shown.slip.guardian} · {phoneShown(shown.slip.phone)}
            </p>
            <p>
              {t.code} : <code className="guardian-code">{shown.slip.code}</code>
            </p>
          </PrintDialog>
        ) : (
          <PrintDialog
            title={t.slipTitle}
            printLabel={t.done}
            onClose={() => setShown(null)}
            onPrint={() => setShown(null)}
          >
            <p>{t.noCode}</p>
          </PrintDialog>
        ))}
    </main>
  );
}
