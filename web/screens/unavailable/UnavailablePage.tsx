// Screens of later releases: the route exists with its guard and title, and says plainly that
// the screen is not there yet (nothing pretends to work).
import { useNavigate } from 'react-router';
import { shellText } from '../../i18n/shell';

export function UnavailablePage({ title }: { title: string }) {
  const navigate = useNavigate();
  return (
    <main className="page">
      <h1>{title}</h1>
      <p className="notice notice-info">{shellText.unavailable.body}</p>
      <button type="button" className="btn btn-secondary" onClick={() => navigate(-1)}>
        {shellText.unavailable.back}
      </button>
    </main>
  );
}
