// On /guardians (issue 43): a class's guardian accounts at once, from the guardian each pupil's
// sheet names (name and +509 phone); the new accounts' slips printed together (their codes are
// shown once), the pupils set apart listed with why. Online only.
import { useState } from 'react';
import { send } from '../../../api/calls';
import { errorMessage, NetworkError } from '../../../api/client';
import { endpoints } from '../../../api/endpoints';
import { Button } from '../../../components/Button';
import { ClassSelect } from '../../../components/ClassSelect';
import { PrintDialog } from '../../../components/Dialog';
import { toast } from '../../../components/toast';
import { guardiansText as t } from '../../../i18n/guardians';
import { useSchool } from '../../../layouts/school';
import type { ClassGuardians as Made } from '../../../../worker/contract/guardians';
import { phoneShown } from '../../../../worker/domain/guardians';
import { printGuardianSlips } from './slip';

export function ClassGuardians({ onChange }: { onChange: () => void }) {
  const { school, classes, selectedYear } = useSchool();
  const [className, setClassName] = useState('');
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<{ className: string; answer: Made } | null>(null);

  const run = async () => {
    if (!selectedYear || !className) return;
    setBusy(true);
    try {
      const answer = await send(endpoints.guardians.linkClass, {
        params: { className },
        body: { yearId: selectedYear.id },
      });
      toast.success(answer.message);
      setMade({ className, answer });
      onChange();
    } catch (error) {
      toast.error(error instanceof NetworkError ? t.online : errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const slips = (made?.answer.slips ?? []).flatMap((s) =>
    s.tempPassword ? [{ pupil: s.pupil, guardian: s.link.name, phone: s.link.phone, code: s.tempPassword }] : [],
  );
  return (
    <section className="card guardians-class" aria-labelledby="guardians-class">
      <h2 id="guardians-class">{t.classHeading}</h2>
      <p className="muted">{t.classIntro}</p>
      {!selectedYear ? (
        <p className="muted">{t.noYear}</p>
      ) : (
        <div className="toolbar">
          <ClassSelect
            label={t.classLabel}
            value={className}
            onChange={setClassName}
            classes={classes}
            none={t.chooseClass}
          />
          <Button look="primary" disabled={busy || !className} onClick={() => void run()}>
            {t.classRun}
          </Button>
        </div>
      )}
      {made && (
        <PrintDialog
          title={t.classTitle(made.className)}
          printLabel={slips.length ? t.printAll(slips.length) : t.done}
          closeLabel={t.done}
          onClose={() => setMade(null)}
          onPrint={() => (slips.length ? printGuardianSlips(school, slips) : setMade(null))}
        >
          <p>{made.answer.message}</p>
          {slips.length > 0 && <p className="notice tone-warning">{t.slipHint}</p>}
          <ul className="bare-list">
            {made.answer.slips.map((s) => (
              <li key={s.link.id}>
                <strong>{s.pupil}</strong> · {s.link.name} · {phoneShown(s.link.phone)} ·{' '}
                {s.tempPassword ? <code className="guardian-code">{s.tempPassword}</code> : t.linkedExisting}
              </li>
            ))}
          </ul>
          {made.answer.skipped.length > 0 && (
            <>
              <h3>{t.skippedHeading}</h3>
              <ul className="bare-list">
                {made.answer.skipped.map((s) => (
                  <li key={s.pupil}>
                    {s.pupil} : {t.skipped[s.reason]}
                  </li>
                ))}
              </ul>
            </>
          )}
        </PrintDialog>
      )}
    </section>
  );
}
