// Tuition tab: the default amount (MPPA) of each class for the selected year; one save of the
// amounts changed, each with the amount shown (the server refuses the save if it moved since),
// empty amounts sent as null.
import { type FormEvent, useEffect, useState } from 'react';
import { useRead } from '../../../api/calls';
import { endpoints } from '../../../api/endpoints';
import { useWrite } from '../../../api/useWrite';
import { SubmitButton } from '../../../components/SubmitButton';
import { toast } from '../../../components/toast';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { adminServerText, adminText } from '../../../i18n/admin';
import { offlineText } from '../../../i18n/offline';
import { useSchool } from '../../../layouts/school';
import { amountInputText, parseAmount, toCentimes } from '../../../../worker/domain/money';

const t = adminText.financials;

export function FinancialsTab() {
  const { selectedYear, school, reload: reloadSchool } = useSchool();
  const state = useRead(endpoints.classFinancials.list, selectedYear ? { query: { yearId: selectedYear.id } } : null);
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [invalid, setInvalid] = useState<string[]>([]);
  const { write, busy } = useWrite(state);
  useEffect(() => {
    if (state.data)
      setTexts(
        Object.fromEntries(
          state.data.map((f) => [f.class_id, f.mppa === null ? '' : amountInputText(toCentimes(f.mppa))]),
        ),
      );
  }, [state.data]);

  if (!selectedYear) return <p className="notice tone-info">{adminText.common.noYear}</p>;

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!state.data) return;
    const amounts = state.data.map((f) => {
      const text = (texts[f.class_id] ?? '').trim();
      const centimes = text ? parseAmount(text) : null;
      return {
        fee: f,
        text,
        mppa: centimes === null ? null : centimes / 100,
        bad: Boolean(text) && (centimes === null || centimes < 0),
      };
    });
    const wrong = amounts.filter((a) => a.bad).map((a) => a.fee.class_id);
    setInvalid(wrong);
    if (wrong.length) return toast.error(adminServerText.fees.invalidAmount);
    await write(
      endpoints.classFinancials.save,
      {
        body: {
          yearId: selectedYear!.id,
          financials: amounts
            .filter((a) => a.mppa !== a.fee.mppa)
            .map((a) => ({ class_name: a.fee.class_name, mppa: a.mppa, previous: a.fee.mppa })),
        },
      },
      {
        success: adminServerText.fees.updated,
        queued: offlineText.queued.update,
        offline: (list) => list.map((f, i) => ({ ...f, mppa: amounts[i]?.mppa ?? null })),
      },
    );
    // The bootstrap carries the current year's MPPA (the student register reads it there).
    reloadSchool();
  }

  return (
    <>
      <h2>{t.title}</h2>
      <p className="muted">
        {adminText.common.year} : <strong>{selectedYear.name}</strong>. {t.intro}
      </p>
      <ErrorNotice message={state.error} />
      {state.data && (
        <form onSubmit={save}>
          <table className="fees-table">
            <thead>
              <tr>
                <th scope="col">{t.class}</th>
                <th scope="col">{t.amount(school?.currency ?? 'Gdes')}</th>
              </tr>
            </thead>
            <tbody>
              {state.data.map((fee) => (
                <tr key={fee.class_id}>
                  <th scope="row">{fee.class_name}</th>
                  <td>
                    <input
                      className="input"
                      inputMode="decimal"
                      aria-label={t.amountOf(fee.class_name)}
                      aria-invalid={invalid.includes(fee.class_id)}
                      value={texts[fee.class_id] ?? ''}
                      onChange={(e) => setTexts((all) => ({ ...all, [fee.class_id]: e.target.value }))}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <SubmitButton busy={busy} busyLabel={adminText.common.saving} disabled={state.data.length === 0}>
            {adminText.common.save}
          </SubmitButton>
        </form>
      )}
    </>
  );
}
