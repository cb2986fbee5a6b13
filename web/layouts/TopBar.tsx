// The top bar of the staff and student layouts: refresh, logo, school-year selector,
// connectivity, menu and 'Déconnexion', with a mobile menu (document 1 §2).
import { useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { RefreshButton } from '../components/RefreshButton';
import { shellText } from '../i18n/shell';
import { signOut } from '../session/logout';
import { homeOf, useSession } from '../session/session';
import { useOnline } from '../session/connectivity';
import type { MenuItem } from './menu';
import { useSchool } from './school';
import './layout.css';

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
  return (
    <span className={`online-indicator ${online ? 'is-online' : 'is-offline'}`} role="status">
      <span className="dot" aria-hidden="true" />
      {online ? shellText.status.online : shellText.status.offline}
    </span>
  );
}

export function TopBar({ items, withYears }: { items: MenuItem[]; withYears: boolean }) {
  const session = useSession();
  const { school } = useSchool();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const logout = async () => {
    await signOut(navigate);
  };
  return (
    <header className="topbar">
      <div className="topbar-row">
        <RefreshButton />
        <Link to={session ? homeOf(session) : '/'} className="brand">
          {school?.logo_url ? (
            <img src={school.logo_url} alt="" width={36} height={36} className="brand-logo" />
          ) : (
            <span className="brand-mark" aria-hidden="true">
              {(school?.name ?? 'PS').slice(0, 2).toUpperCase()}
            </span>
          )}
          <span className="brand-name">{school?.name ?? ''}</span>
        </Link>
        {withYears && <YearSelector />}
        <OnlineIndicator />
        <button
          type="button"
          className="btn btn-ghost menu-toggle"
          aria-expanded={open}
          aria-controls="main-menu"
          aria-label={open ? shellText.nav.closeMenu : shellText.nav.openMenu}
          onClick={() => setOpen((o) => !o)}
        >
          <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M3 6h18M3 12h18M3 18h18" />}
          </svg>
        </button>
        <nav id="main-menu" className={`main-menu ${open ? 'is-open' : ''}`} aria-label={shellText.nav.mainMenu}>
          {items.map((item) =>
            item.disabled ? (
              <a key={item.to} aria-disabled="true" title={item.disabled} role="link">
                {item.label}
              </a>
            ) : (
              <NavLink key={item.to} to={item.to} end onClick={() => setOpen(false)}>
                {item.label}
              </NavLink>
            ),
          )}
          <button type="button" className="btn btn-secondary logout" onClick={logout}>
            {shellText.nav.logout}
          </button>
        </nav>
      </div>
    </header>
  );
}
