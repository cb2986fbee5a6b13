// The router's error page, in French (issue 28): a screen's code that cannot be had (offline, a
// screen never stored: the landing page after sign-out) sends a signed-out user to the sign-in
// page, which is in the app's entry and opens offline, and tells a signed-in user that the page
// needs the network; any other failure says so plainly with a way to reload. Never the router's
// own English page.
import { Component, type ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { offlineText } from '../i18n/offline';
import { isOnline } from '../session/connectivity';
import { homeOf, useSession } from '../session/session';
import { useTexts } from '../session/language';
import { Button } from '../components/Button';

/** A lazily loaded screen whose file could not be fetched (the browsers word it differently). */
const isUnreachableCode = (error: unknown) =>
  error instanceof TypeError &&
  /dynamically imported module|module script|Failed to fetch|Load failed|NetworkError/i.test(error.message);

export function RouteError({ error }: { error: unknown }) {
  const session = useSession();
  const t = useTexts('offline', offlineText);
  const unreachable = isUnreachableCode(error) || !isOnline();
  if (unreachable && !session) return <Navigate to="/login" replace />;
  if (!unreachable) console.error(error);
  return (
    <main className="page">
      <p className="notice tone-info" role="alert">
        {unreachable ? t.routeOffline : t.routeError}
      </p>
      <p>
        {unreachable && session ? (
          <Link className="btn btn-secondary" to={homeOf(session)}>
            {t.backHome}
          </Link>
        ) : (
          <Button onClick={() => window.location.reload()}>{t.reloadPage}</Button>
        )}
      </p>
    </main>
  );
}

interface BoundaryProps {
  children: ReactNode;
  /** The address shown: a new one clears the error (the user went elsewhere). */
  pathname: string;
}

class Boundary extends Component<BoundaryProps, { error: unknown; pathname: string; failed: boolean }> {
  override state = { error: null as unknown, pathname: this.props.pathname, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { pathname: string; failed: boolean }) {
    return props.pathname === state.pathname ? null : { error: null, failed: false, pathname: props.pathname };
  }

  override render() {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/** What a screen that fails to load or to render shows instead of itself, until the user goes elsewhere. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <Boundary pathname={useLocation().pathname}>{children}</Boundary>;
}
