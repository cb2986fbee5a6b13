// 'Précédent' / 'Page n sur N' / 'Suivant' under a paginated list (the register, the report).
import { commonText } from '../i18n/common';
import { Button } from './Button';

const t = commonText.pager;

export function Pager({
  page,
  totalPages,
  total,
  busy = false,
  onPage,
}: {
  page: number;
  totalPages: number;
  /** What the whole list counts ('42 élèves au total'), under the page number. */
  total?: string;
  /** A page is on its way: the buttons wait. */
  busy?: boolean;
  onPage: (page: number) => void;
}) {
  return (
    <nav className="pager" aria-label={t.page(page, totalPages)}>
      <Button disabled={page <= 1 || busy} onClick={() => onPage(page - 1)}>
        {t.previous}
      </Button>
      <span className="pager-status">
        <span>{t.page(page, totalPages)}</span>
        {total && <span className="muted">{total}</span>}
      </span>
      <Button disabled={page >= totalPages || busy} onClick={() => onPage(page + 1)}>
        {t.next}
      </Button>
    </nav>
  );
}
