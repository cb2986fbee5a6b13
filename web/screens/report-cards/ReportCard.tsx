// One student's report card in one of the ten templates (document 2 §2 'Bulk report cards'): the
// school header with its logo, the student, the subjects (a table whose structure is the
// template's: standard, each evaluation, per-period columns, tiles or a compact grid), the
// period average on the report's base, the rank, the annual summary with the council's decision
// on the annual template, the appreciations and the signature lines. The same markup prints:
// cards.css styles it on screen and in the print window.
import { memo, type ReactNode } from 'react';
import { reportCardsText as t } from '../../i18n/report-cards';
import { averageBand, formatPoints, rankLabel, suggestedAppreciation } from '../../../worker/domain/grades';
import type { CardSubject, ReportCards, ReportTemplate, StudentCard } from '../../../worker/domain/report-cards';
import { AppreciationField, type SaveAppreciation } from './AppreciationField';
import { formatDate, formatDecimal } from '../../../worker/domain/format';

type Table = 'standard' | 'detailed' | 'annual' | 'tiles' | 'compact';

interface Layout {
  table: Table;
  title: string;
  /** Rows of an appreciation's field on screen. */
  rows: number;
  /** The header's logo in a round frame (the coloured band templates). */
  roundLogo: boolean;
}

const LAYOUTS: Record<ReportTemplate, Layout> = {
  default: { table: 'standard', title: t.cardTitle, rows: 2, roundLogo: false },
  moderne: { table: 'standard', title: t.cardTitle, rows: 2, roundLogo: true },
  classique: { table: 'standard', title: t.cardTitle, rows: 2, roundLogo: false },
  formel: { table: 'standard', title: t.formalTitle, rows: 2, roundLogo: false },
  annuel: { table: 'annual', title: t.annualTitle, rows: 1, roundLogo: false },
  detaille: { table: 'detailed', title: t.cardTitle, rows: 1, roundLogo: false },
  elegant: { table: 'standard', title: t.cardTitle, rows: 2, roundLogo: false },
  creatif: { table: 'tiles', title: t.cardTitle, rows: 2, roundLogo: true },
  'creatif-compact': { table: 'tiles', title: t.cardTitle, rows: 1, roundLogo: true },
  'elegant-compact': { table: 'compact', title: t.cardTitle, rows: 1, roundLogo: false },
};

export interface CardSchool {
  name: string;
  address: string | null;
  phone: string | null;
  logoUrl: string | null;
}

export interface CardContext {
  template: ReportTemplate;
  school: CardSchool;
  className: string;
  yearName: string;
  base: ReportCards['base'];
  ranked: number;
  periodId: string;
  periodName: string;
  periodNames: string[];
  onSave: SaveAppreciation;
}

const fr2OrDash = (value: number | null) => (value === null ? t.missing : formatDecimal(value));
/** The school's initials, drawn in place of a logo it has not uploaded: 'Collège Démo' -> 'CD'. */
const initials = (name: string) =>
  name
    .split(/[\s'-]+/)
    .filter((word) => word.length > 2 || /^[A-ZÀ-Ý]/.test(word))
    .slice(0, 3)
    .map((word) => word[0]!.toLocaleUpperCase('fr'))
    .join('');
const bandClass = (s: Pick<CardSubject, 'band'>) => (s.band ? `rc-band-${s.band}` : 'rc-band-none');

interface CardProps {
  card: StudentCard;
  context: CardContext;
  appreciations: Record<string, string> | undefined;
  general: string | undefined;
}

export const ReportCard = memo(function ReportCard({ card, context, appreciations, general }: CardProps) {
  const layout = LAYOUTS[context.template];
  const fullName = `${card.nom} ${card.prenom}`;
  const subjectAppreciation = (s: CardSubject) => (
    <AppreciationField
      enrollmentId={card.enrollmentId}
      subjectId={s.subjectId}
      value={appreciations?.[s.subjectId] ?? ''}
      suggestion={s.hundredths === null ? null : suggestedAppreciation(s.hundredths, t.phrases)}
      label={t.appreciationOf(s.name, fullName)}
      acceptLabel={t.acceptSuggestionFor(`${s.name}, ${fullName}`)}
      rows={layout.rows}
      onSave={context.onSave}
    />
  );
  const base = t.onBase(context.base);
  return (
    <article className={`rc-card rc-t-${context.template}`} aria-label={fullName} data-enrollment={card.enrollmentId}>
      <header className="rc-head">
        {context.school.logoUrl ? (
          <img className={layout.roundLogo ? 'rc-logo rc-logo-round' : 'rc-logo'} src={context.school.logoUrl} alt="" />
        ) : (
          <span className="rc-logo rc-logo-mark" aria-hidden="true">
            {initials(context.school.name)}
          </span>
        )}
        <div className="rc-school">
          <h2 className="rc-school-name">{context.school.name}</h2>
          {context.school.address && <p>{context.school.address}</p>}
          {context.school.phone && <p>{context.school.phone}</p>}
        </div>
        <div className="rc-title">
          <strong>{layout.title}</strong>
          <span>{layout.table === 'annual' ? context.periodNames.join(' · ') : context.periodName}</span>
          <span>{t.schoolYear(context.yearName)}</span>
        </div>
      </header>

      <dl className="rc-identity">
        <div>
          <dt>{t.name}</dt>
          <dd className="rc-student-name">{fullName}</dd>
        </div>
        <div>
          <dt>{t.className}</dt>
          <dd>{context.className}</dd>
        </div>
        <div>
          <dt>{t.nisu}</dt>
          <dd>{card.nisu || t.missing}</dd>
        </div>
        <div>
          <dt>{t.birthDate}</dt>
          <dd>{formatDate(card.dateOfBirth, t.missing)}</dd>
        </div>
      </dl>

      {layout.table === 'standard' && <StandardTable card={card} base={base} appreciation={subjectAppreciation} />}
      {layout.table === 'compact' && (
        <StandardTable card={card} base={base} appreciation={subjectAppreciation} compact />
      )}
      {layout.table === 'detailed' && <DetailedTable card={card} base={base} appreciation={subjectAppreciation} />}
      {layout.table === 'annual' && (
        <AnnualTable card={card} periodNames={context.periodNames} appreciation={subjectAppreciation} />
      )}
      {layout.table === 'tiles' && <Tiles card={card} base={base} appreciation={subjectAppreciation} />}

      <section className="rc-summary">
        <Figure label={t.periodAverage(context.periodName)} valueClass="rc-average">
          {fr2OrDash(card.average)} <small>{base}</small>
        </Figure>
        <Figure label={t.rank} valueClass="rc-rank">
          {card.rank === null ? t.noRank : t.rankOf(rankLabel(card.rank), card.tied, context.ranked)}
        </Figure>
        {layout.table === 'annual' && (
          <>
            <Figure label={t.annualAverage} valueClass="rc-annual-average">
              {fr2OrDash(card.annualAverage)} <small>{base}</small>
            </Figure>
            <Figure label={t.annualRank}>{card.annualRank === null ? t.noRank : rankLabel(card.annualRank)}</Figure>
            <Figure label={t.decisionLabel} className={`rc-decision rc-decision-${card.decision ?? 'none'}`}>
              {card.decision ? t.decisions[card.decision] : t.noDecision}
            </Figure>
          </>
        )}
      </section>

      <section className="rc-general">
        <h3>{t.generalAppreciation}</h3>
        <AppreciationField
          enrollmentId={card.enrollmentId}
          subjectId={null}
          value={general ?? ''}
          suggestion={t.defaultGeneral}
          label={t.generalOf(fullName)}
          acceptLabel={t.acceptGeneralFor(fullName)}
          rows={layout.rows}
          onSave={context.onSave}
        />
      </section>

      <footer className="rc-signatures">
        {Object.values(t.signatures).map((who) => (
          <div key={who}>
            <span className="rc-line" />
            <span>{who}</span>
          </div>
        ))}
      </footer>
    </article>
  );
});

/** A figure of the summary (average, rank, decision): its label over its value. */
function Figure({
  label,
  className,
  valueClass,
  children,
}: {
  label: string;
  className?: string;
  valueClass?: string;
  children: ReactNode;
}) {
  return (
    <div className={className ? `rc-figure ${className}` : 'rc-figure'}>
      <span>{label}</span>
      <strong className={valueClass}>{children}</strong>
    </div>
  );
}

interface TableProps {
  card: StudentCard;
  base: string;
  appreciation: (s: CardSubject) => ReactNode;
}

/** The head of a subjects table: the subject, the coefficient and `numbers`, then the appreciation. */
function SubjectsHead({ numbers }: { numbers: readonly string[] }) {
  return (
    <thead>
      <tr>
        <th scope="col">{t.subject}</th>
        {[t.coefficient, ...numbers].map((label, i) => (
          <th key={i} scope="col" className="rc-num">
            {label}
          </th>
        ))}
        <th scope="col" className="rc-app-col">
          {t.appreciation}
        </th>
      </tr>
    </thead>
  );
}

function StandardTable({ card, base, appreciation, compact = false }: TableProps & { compact?: boolean }) {
  return (
    <table className="rc-subjects">
      <SubjectsHead numbers={[t.score, `${t.average} ${base}`]} />
      <tbody>
        {card.subjects.map((s) => (
          <tr key={s.subjectId} className={bandClass(s)}>
            <th scope="row">{s.name}</th>
            <td className="rc-num">{formatPoints(s.coefficient)}</td>
            <td className="rc-num">
              {s.points === null ? t.missing : `${formatDecimal(s.points)} / ${formatPoints(s.coefficient)}`}
            </td>
            <td className="rc-num rc-mark">
              <span className="rc-value">{fr2OrDash(s.onBase)}</span>
              {!compact && s.percent !== null && (
                <span className="rc-bar" aria-hidden="true">
                  <span style={{ width: `${Math.min(100, s.percent)}%` }} />
                </span>
              )}
            </td>
            <td className="rc-app-col">{appreciation(s)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function DetailedTable({ card, base, appreciation }: TableProps) {
  const baseValue = Number(base.replace(/\D/g, ''));
  return (
    <div className="rc-detailed">
      {card.subjects.map((s) => (
        <table key={s.subjectId} className={`rc-subjects ${bandClass(s)}`}>
          <caption>
            <div className="rc-caption">
              <span>{s.name}</span>
              <span>
                {t.coefficient} {formatPoints(s.coefficient)}
              </span>
            </div>
          </caption>
          <thead>
            <tr>
              <th scope="col">{t.evaluation}</th>
              <th scope="col" className="rc-num">
                {t.score}
              </th>
            </tr>
          </thead>
          <tbody>
            {s.evaluations.length === 0 && (
              <tr>
                <td colSpan={2} className="rc-none">
                  {t.noGrade}
                </td>
              </tr>
            )}
            {s.evaluations.map((e, i) => (
              <tr key={i}>
                <td>{e.name}</td>
                <td className="rc-num">
                  {formatPoints(e.score)} / {formatPoints(e.max)}
                </td>
              </tr>
            ))}
            <tr className="rc-subtotal">
              <th scope="row">{t.subjectAverage}</th>
              <td className="rc-num rc-mark">
                {s.points === null ? t.missing : `${formatDecimal(s.points)} / ${formatPoints(s.coefficient)}`}
                {s.onBase !== null && s.coefficient !== baseValue && ` · ${formatDecimal(s.onBase)} ${base}`}
              </td>
            </tr>
            <tr>
              <td colSpan={2}>{appreciation(s)}</td>
            </tr>
          </tbody>
        </table>
      ))}
    </div>
  );
}

function AnnualTable({ card, periodNames, appreciation }: Omit<TableProps, 'base'> & { periodNames: string[] }) {
  return (
    <table className="rc-subjects rc-annual">
      <SubjectsHead numbers={[...periodNames, t.annualColumn]} />
      <tbody>
        {card.subjects.map((s) => (
          <tr
            key={s.subjectId}
            className={bandClass({ band: s.annualPercent === null ? null : averageBand(s.annualPercent) })}
          >
            <th scope="row">{s.name}</th>
            <td className="rc-num">{formatPoints(s.coefficient)}</td>
            {s.byPeriod.map((p, i) => (
              <td key={i} className="rc-num">
                {p === null ? t.missing : formatDecimal((p / 100) * s.coefficient)}
              </td>
            ))}
            <td className="rc-num rc-mark">
              {s.annualPercent === null ? t.missing : formatDecimal((s.annualPercent / 100) * s.coefficient)}
            </td>
            <td className="rc-app-col">{appreciation(s)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={2}>
            {t.average}
          </th>
          {card.periods.map((p) => (
            <td key={p.periodId} className="rc-num">
              {fr2OrDash(p.average)}
              {p.rank !== null && <small> ({rankLabel(p.rank)})</small>}
            </td>
          ))}
          <td className="rc-num rc-mark">{fr2OrDash(card.annualAverage)}</td>
          <td />
        </tr>
      </tfoot>
    </table>
  );
}

function Tiles({ card, base, appreciation }: TableProps) {
  return (
    <ul className="rc-tiles">
      {card.subjects.map((s) => (
        <li key={s.subjectId} className={bandClass(s)}>
          <div className="rc-tile-head">
            <span className="rc-tile-name">{s.name}</span>
            <span className="rc-tile-coef">
              {t.coefficient} {formatPoints(s.coefficient)}
            </span>
          </div>
          <div className="rc-tile-mark">
            <strong>{fr2OrDash(s.onBase)}</strong> <small>{base}</small>
            <span className="rc-tile-points">
              {s.points === null ? t.noGrade : `${formatDecimal(s.points)} / ${formatPoints(s.coefficient)}`}
            </span>
          </div>
          {appreciation(s)}
        </li>
      ))}
    </ul>
  );
}
