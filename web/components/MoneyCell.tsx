// An amount in a table of money: right-aligned, labelled for the stacked phone layout, and, for a
// balance, coloured by its sign (document 2's finance sheets and report).
import { balanceClass } from '../../worker/domain/money';

/** A cell of `text` under the column `label`; `balance` (centimes or decimal, only its sign counts) colours it. */
export function MoneyCell({ label, text, balance }: { label: string; text: string; balance?: number }) {
  return (
    <td data-label={label} className={balance === undefined ? 'num money' : `num money ${balanceClass(balance)}`}>
      {text}
    </td>
  );
}
