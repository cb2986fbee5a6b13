// The router's error page, in French (issue 28): a screen's code that cannot be had (offline, a
// screen never stored: the landing page after sign-out) sends a signed-out user to the sign-in
// page, which is in the app's entry and opens offline, and tells a signed-in user that the page
// needs the network; any other failure says so plainly with a way to reload. Never the router's
// own English page.
import { Link, Navigate, useRouteError } from 'react-router';
import { offlineText } from '../i18n/offline';
import { isOnline } from '../session/connectivity';
import { homeOf, useSession } from '../session/session';

/** A lazily loaded screen whose file could not be fetched (the browsers word it differently). */
const isUnreachableCode = (error: unknown) =>
  error instanceof TypeError &&
  /dynamically imported module|module script|Failed to fetch|Load failed|NetworkError/i.test(error.message);

export function RouteError() {
  const error = useRouteError();
  const session = useSession();
  const unreachable = isUnreachableCode(error) || !isOnline();
  if (unreachable && !session) return <Navigate to="/login" replace />;
  if (!unreachable) console.error(error);
  return (
    <main className="page">
      <p className="notice notice-info" role="alert">
        {unreachable ? offlineText.routeOffline : offlineText.routeError}
      </p>
      <p>
        {unreachable && session ? (
          <Link className="btn btn-secondary" to={homeOf(session)}>
            {offlineText.backHome}
          </Link>
        ) : (
          <button type="button" className="btn btn-secondary" onClick={() => window.location.reload()}>
            {offlineText.reloadPage}
          </button>
        )}
      </p>
    </main>
  );
}
