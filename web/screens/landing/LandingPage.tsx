// The public landing page at '/' (document 1 §1 and §2 'Landing page'): what the portal does,
// archives, a showcase of its screens, security, offline use and how to reach us.
import { useState, type MouseEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/Button';
import { RefreshButton } from '../../components/RefreshButton';
import { commonText } from '../../i18n/common';
import { landingText } from '../../i18n/landing';
import { schoolCalendarYear } from '../../../worker/domain/dates';
import { Icon, type IconName } from './Icon';
import { Showcase, prefersReducedMotion } from './Showcase';
import './landing.css';

const SECTION_IDS = {
  features: 'fonctionnalites',
  archives: 'archives',
  showcase: 'apercu',
  security: 'securite',
  offline: 'hors-ligne',
  contact: 'contact',
} as const;

const FEATURE_ICONS: Record<keyof typeof landingText.features.items, IconName> = {
  students: 'users',
  tuition: 'wallet',
  grades: 'book',
  attendance: 'calendarCheck',
  timetable: 'clock',
  roles: 'idCard',
};

const SECURITY_ICONS: Record<keyof typeof landingText.security.items, IconName> = {
  tenancy: 'school',
  permissions: 'shield',
  passwords: 'lock',
  audit: 'journal',
};

/** Smoothly scrolls to a section and moves keyboard focus to its heading. */
function scrollToSection(id: string) {
  const section = document.getElementById(id);
  if (!section) return;
  section.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  section.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
}

function onAnchorClick(id: string) {
  return (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    scrollToSection(id);
  };
}

function Section({
  id,
  title,
  intro,
  tone = 'plain',
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  tone?: 'plain' | 'tinted';
  children: ReactNode;
}) {
  const headingId = `${id}-titre`;
  return (
    <section id={id} aria-labelledby={headingId} className={`lp-section lp-section-${tone}`}>
      <div className="lp-wrap">
        <h2 id={headingId} tabIndex={-1}>
          {title}
        </h2>
        {intro && <p className="lp-intro">{intro}</p>}
        {children}
      </div>
    </section>
  );
}

function Brand() {
  return (
    <span className="lp-brand">
      <span className="lp-brand-mark">
        <Icon name="cap" size={22} />
      </span>
      {commonText.productName}
    </span>
  );
}

function Header() {
  const t = landingText.header;
  return (
    <header className="lp-header">
      <div className="lp-wrap lp-header-row">
        <RefreshButton />
        <Brand />
        <nav className="lp-nav" aria-label={t.nav}>
          {(Object.keys(landingText.nav) as (keyof typeof landingText.nav)[]).map((key) => (
            <a key={key} href={`#${SECTION_IDS[key]}`} onClick={onAnchorClick(SECTION_IDS[key])}>
              {landingText.nav[key]}
            </a>
          ))}
        </nav>
        <div className="lp-header-actions">
          <Button onClick={() => scrollToSection(SECTION_IDS.contact)}>{t.contact}</Button>
          <Link to="/login" className="btn">
            {t.login}
          </Link>
        </div>
      </div>
    </header>
  );
}

/** Points each ticked. */
function Checklist({ className, items, iconSize }: { className: string; items: readonly string[]; iconSize: number }) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item}>
          <Icon name="check" size={iconSize} />
          {item}
        </li>
      ))}
    </ul>
  );
}

function Hero() {
  const t = landingText.hero;
  return (
    <section className="lp-hero" aria-labelledby="lp-hero-titre">
      <div className="lp-wrap lp-hero-grid">
        <div>
          <p className="lp-eyebrow">{t.eyebrow}</p>
          <h1 id="lp-hero-titre">{t.title}</h1>
          <p className="lp-hero-lead">{t.lead}</p>
          <div className="lp-hero-actions">
            <Link to="/login" className="btn lp-btn-light">
              {landingText.header.login}
            </Link>
            <a
              href={`#${SECTION_IDS.features}`}
              className="btn lp-btn-outline"
              onClick={onAnchorClick(SECTION_IDS.features)}
            >
              {t.discover}
            </a>
          </div>
          <Checklist className="lp-highlights" items={t.highlights} iconSize={18} />
        </div>
        <div className="lp-hero-visual" aria-hidden="true">
          <img src="/showcase/tableau-de-bord.svg" alt="" width={800} height={500} loading="lazy" decoding="async" />
        </div>
      </div>
    </section>
  );
}

function Features() {
  const t = landingText.features;
  return (
    <Section id={SECTION_IDS.features} title={t.title} intro={t.intro}>
      <IconCards items={t.items} icons={FEATURE_ICONS} className="lp-grid-3" />
      <div className="lp-roles">
        <div>
          <h3>{t.rolesTitle}</h3>
          <p>{t.rolesText}</p>
        </div>
        <dl className="lp-roles-list">
          {t.roles.map((role) => (
            <div key={role.name}>
              <dt>{role.name}</dt>
              <dd>{role.sees}</dd>
            </div>
          ))}
        </dl>
      </div>
    </Section>
  );
}

/** A grid of cards, each an icon, a title and a text (the features, the security points). */
function IconCards<K extends string>({
  items,
  icons,
  className,
  accent = false,
}: {
  items: Record<K, { title: string; text: string }>;
  icons: Record<K, IconName>;
  className: string;
  /** The icons on the accent colour. */
  accent?: boolean;
}) {
  return (
    <ul className={`lp-grid ${className}`}>
      {(Object.keys(items) as K[]).map((key) => (
        <li key={key} className="card lp-feature">
          <span className={accent ? 'lp-icon-badge lp-icon-badge-accent' : 'lp-icon-badge'}>
            <Icon name={icons[key]} />
          </span>
          <h3>{items[key].title}</h3>
          <p>{items[key].text}</p>
        </li>
      ))}
    </ul>
  );
}

function Archives() {
  const t = landingText.archives;
  const [year, setYear] = useState<string>(t.years[0].value);
  const isCurrent = year === t.years[0].value;
  return (
    <Section id={SECTION_IDS.archives} title={t.title} tone="tinted">
      <div className="lp-split">
        <div>
          <p className="lp-intro">{t.text}</p>
          <Checklist className="lp-checklist" items={t.points} iconSize={20} />
        </div>
        <div className="card lp-year-card">
          <p className="lp-card-kicker">
            <Icon name="archive" size={20} />
            {t.sampleTitle}
          </p>
          <label className="field">
            <span>{t.selectLabel}</span>
            <select className="input" value={year} onChange={(e) => setYear(e.target.value)}>
              {t.years.map((y) => (
                <option key={y.value} value={y.value}>
                  {y.label}
                </option>
              ))}
            </select>
          </label>
          <p className="lp-year-status" aria-live="polite">
            <span className={isCurrent ? 'lp-badge lp-badge-current' : 'lp-badge'}>
              {isCurrent ? t.currentBadge : t.pastBadge}
            </span>
            {isCurrent ? t.current : t.past(year)}
          </p>
        </div>
      </div>
    </Section>
  );
}

function Security() {
  const t = landingText.security;
  return (
    <Section id={SECTION_IDS.security} title={t.title} intro={t.intro} tone="tinted">
      <IconCards items={t.items} icons={SECURITY_ICONS} className="lp-grid-4" accent />
    </Section>
  );
}

function Offline() {
  const t = landingText.offline;
  return (
    <Section id={SECTION_IDS.offline} title={t.title}>
      <div className="lp-split lp-split-center">
        <div>
          <p className="lp-intro">{t.text}</p>
          <ol className="lp-steps">
            {t.steps.map((step) => (
              <li key={step.title}>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
          <p className="lp-note">
            <Icon name="lock" size={20} />
            {t.note}
          </p>
        </div>
        <div className="lp-sync" role="img" aria-label={t.statusLabel}>
          <SyncRow state="offline" icon="cloudOff" title={t.statusOffline} text={t.statusPending} />
          <div className="lp-sync-arrow" />
          <SyncRow state="online" icon="cloudCheck" title={t.statusOnline} text={t.statusSynced} />
        </div>
      </div>
    </Section>
  );
}

/** A device's state in the offline picture: its icon, what it shows. */
function SyncRow({ state, icon, title, text }: { state: string; icon: IconName; title: string; text: string }) {
  return (
    <div className={`lp-sync-row lp-sync-${state}`}>
      <Icon name={icon} size={28} />
      <div>
        <strong>{title}</strong>
        <span>{text}</span>
      </div>
    </div>
  );
}

function Contact() {
  const t = landingText.contact;
  return (
    <Section id={SECTION_IDS.contact} title={t.title} intro={t.text} tone="tinted">
      <ul className="lp-grid lp-grid-2 lp-contact">
        {[
          { icon: 'mail' as const, label: t.emailLabel, href: `mailto:${t.email}`, text: t.email },
          { icon: 'phone' as const, label: t.phoneLabel, href: t.phoneHref, text: t.phone },
        ].map((way) => (
          <li key={way.icon} className="card">
            <span className="lp-icon-badge">
              <Icon name={way.icon} />
            </span>
            <span className="lp-contact-label">{way.label}</span>
            <a href={way.href}>{way.text}</a>
          </li>
        ))}
      </ul>
      <p className="lp-contact-login">
        {t.loginPrompt} <Link to="/login">{landingText.header.login}</Link>
      </p>
    </Section>
  );
}

export function LandingPage() {
  return (
    <div className="lp">
      <a className="lp-skip" href="#contenu">
        {landingText.header.skip}
      </a>
      <Header />
      <main id="contenu" tabIndex={-1}>
        <Hero />
        <Features />
        <Archives />
        <Section id={SECTION_IDS.showcase} title={landingText.showcase.title} intro={landingText.showcase.intro}>
          <Showcase />
        </Section>
        <Security />
        <Offline />
        <Contact />
      </main>
      <footer className="lp-footer">
        <div className="lp-wrap lp-footer-row">
          <div>
            <Brand />
            <p>{landingText.footer.tagline}</p>
          </div>
          <p>{commonText.copyright(schoolCalendarYear(), commonText.productName)}</p>
        </div>
      </footer>
    </div>
  );
}

export default LandingPage;
