// The top bar of the staff and student layouts: refresh, logo, school-year selector,
// connectivity, menu and 'Déconnexion', with a mobile menu (document 1 §2). Whether the menu
// fits in one row depends on the screen, the menu's length and the school's name: the bar
// measures it, and goes compact (menu behind its button) when it does not fit.
import { type ReactNode, type RefObject, useLayoutEffect, useRef, useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { Button } from '../components/Button';
import { RefreshButton } from '../components/RefreshButton';
import { commonText } from '../i18n/common';
import { shellText } from '../i18n/shell';
import { signOut } from '../session/logout';
import { hasPermission, homeOf, isPlatform, useSession } from '../session/session';
import { communicationsText } from '../i18n/communications';
import { useSupportUnread } from './unread';
import { useOnline } from '../session/connectivity';
import type { MenuItem } from './menu';
import { useSchool } from './school';
import './layout.css';
import { LineIcon } from '../components/LineIcon';
import { useTexts } from '../session/language';

function YearSelector() {
  const { years, selectedYear, selectYear } = useSchool();
  if (years.length === 0) return null;
  return (
    <label className="year-select">
      <span className="sr-only">{shellText.nav.schoolYear}</span>
      <select className="input" value={selectedYear?.id ?? ''} onChange={(e) => selectYear(e.target.value)}>
        {years.map((y) => (
          <option key={y.id} value={y.id}>
            {y.name}
            {y.is_current ? ` ${shellText.nav.current}` : ''}
          </option>
        ))}
      </select>
    </label>
  );
}

function OnlineIndicator() {
  const online = useOnline();
  const t = useTexts('shell', shellText).status;
  return (
    <span className={`online-indicator ${online ? 'is-online' : 'is-offline'}`} role="status">
      <span className="dot" aria-hidden="true" />
      {online ? t.online : t.offline}
    </span>
  );
}

/** Room the school's name needs beside the full menu, and how much wider the row must get before
 *  the full menu is tried again (so that it never flips back and forth). */
const NAME_ROOM = 120;
const WIDEN_BEFORE_RETRY = 160;

/** True while the full menu does not fit in the row (measured before each paint). */
function useCompact(row: RefObject<HTMLDivElement | null>, name: RefObject<HTMLElement | null>): boolean {
  const [compact, setCompact] = useState(false);
  const collapsedAt = useRef(0);
  useLayoutEffect(() => {
    const element = row.current;
    if (!element) return;
    const check = () => {
      if (compact) {
        if (element.clientWidth > collapsedAt.current + WIDEN_BEFORE_RETRY) setCompact(false);
        return;
      }
      const label = name.current;
      const squeezed = label ? label.clientWidth < Math.min(label.scrollWidth, NAME_ROOM) : false;
      if (element.scrollWidth > element.clientWidth || squeezed) {
        collapsedAt.current = element.clientWidth;
        setCompact(true);
      }
    };
    check();
    // The row (screen width) and the name (it arrives after the first paint).
    const observer = new ResizeObserver(check);
    observer.observe(element);
    if (name.current) observer.observe(name.current);
    return () => observer.disconnect();
  }, [compact, row, name]);
  return compact;
}

/**
 * The bar's height, as `--topbar-height` on the page while the bar is shown: the notices show
 * below it (components/toasts.css), never over its controls and its connectivity. The bar is the
 * first thing of the page and sticks to the top, so its height is where it ends.
 */
function usePublishedHeight(bar: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const element = bar.current;
    if (!element) return;
    const root = document.documentElement.style;
    const publish = () => root.setProperty('--topbar-height', `${element.offsetHeight}px`);
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.removeProperty('--topbar-height');
    };
  }, [bar]);
}

export function TopBar({
  items,
  withYears,
  logoutInView = false,
  extra = null,
}: {
  items: MenuItem[];
  withYears: boolean;
  /** Shown in the menu before 'Déconnexion' (the pupil's choice of language). */
  extra?: ReactNode;
  /**
   * 'Déconnexion' stays in view when the menu goes behind its button: beside the connectivity
   * (the pupil's bar, which has no year selector to share that row with).
   */
  logoutInView?: boolean;
}) {
  const session = useSession();
  const nav = useTexts('shell', shellText).nav;
  const { productName } = useTexts('common', commonText);
  const { school, loading: schoolLoading } = useSchool();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const row = useRef<HTMLDivElement>(null);
  const name = useRef<HTMLSpanElement>(null);
  const compact = useCompact(row, name);
  const bar = useRef<HTMLElement>(null);
  usePublishedHeight(bar);
  const unread = useSupportUnread(Boolean(session && !isPlatform(session) && hasPermission(session, 'user:manage')));
  const shown = items.map((item) =>
    item.to === '/admin/contact' && unread > 0
      ? { ...item, badge: { count: unread, label: communicationsText.support.menuUnread(unread) } }
      : item,
  );
  // The unread count on the menu's button, while the menu is behind it.
  const badge = compact && !open && unread > 0;
  const logout = async () => {
    await signOut(navigate);
  };
  const logoutButton = (
    <Button className="logout" onClick={logout}>
      {nav.logout}
    </Button>
  );
  const logoutBesideStatus = logoutInView && compact;
  return (
    <header className={`topbar${compact ? ' is-compact' : ''}`} ref={bar}>
      <div className="topbar-row" ref={row}>
        <RefreshButton />
        <Link to={session ? homeOf(session) : '/'} className="brand">
          {school?.logo_url ? (
            <img src={school.logo_url} alt="" width={36} height={36} className="brand-logo" />
          ) : (
            <span className="brand-mark" aria-hidden="true">
              {(school?.name ?? 'PS').slice(0, 2).toUpperCase()}
            </span>
          )}
          {/* The link's name: the school's; the product's for the platform's accounts (no school),
              said only to screen readers while the school loads. */}
          <span className="brand-name" ref={name}>
            {school?.name ?? (schoolLoading ? <span className="sr-only">{productName}</span> : productName)}
          </span>
        </Link>
        <div className="topbar-context">
          {withYears && <YearSelector />}
          <OnlineIndicator />
          {logoutBesideStatus && logoutButton}
        </div>
        <Button
          look="ghost"
          className="menu-toggle"
          aria-expanded={open}
          aria-controls="main-menu"
          // The count it shows is said in its name too (a name holds the text a button shows).
          aria-label={
            open
              ? nav.closeMenu
              : badge
                ? `${nav.openMenu}, ${communicationsText.support.menuUnread(unread)}`
                : nav.openMenu
          }
          onClick={() => setOpen((o) => !o)}
        >
          <LineIcon size={24}>
            {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M3 6h18M3 12h18M3 18h18" />}
          </LineIcon>
          {badge && <span className="menu-badge">{unread}</span>}
        </Button>
        <nav id="main-menu" className={`main-menu ${open && compact ? 'is-open' : ''}`} aria-label={nav.mainMenu}>
          {shown.map((item) =>
            item.disabled ? (
              <a key={item.to} aria-disabled="true" title={item.disabled} role="link">
                {item.label}
              </a>
            ) : (
              <NavLink key={item.to} to={item.to} end onClick={() => setOpen(false)}>
                {item.label}
                {item.badge && (
                  <span className="menu-badge" aria-label={item.badge.label}>
                    {item.badge.count}
                  </span>
                )}
              </NavLink>
            ),
          )}
          {extra}
          {!logoutBesideStatus && logoutButton}
        </nav>
      </div>
    </header>
  );
}
