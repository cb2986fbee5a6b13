// Screens of later releases: the route exists with its guard and title, and says plainly that
// the screen is not there yet (nothing pretends to work). 'Retour' leads to the user's home,
// never out of the app (the history may hold the public landing page before the sign-in).
import { Link, useLocation } from 'react-router';
import { shellText } from '../../i18n/shell';
import { homeOf, useSession } from '../../session/session';

export function UnavailablePage({ title }: { title: string }) {
  const session = useSession();
  const { pathname } = useLocation();
  const home = session ? homeOf(session) : '/';
  return (
    <main className="page">
      <h1>{title}</h1>
      <p className="notice notice-info">{shellText.unavailable.body}</p>
      {pathname !== home && (
        <Link to={home} className="btn btn-secondary">
          {shellText.unavailable.back}
        </Link>
      )}
    </main>
  );
}
