// /guardian ('Mes enfants', issue 43): each linked child with their school and class, opening the
// child's page. Read from the working set offline (decision 320). Below, the alerts on this phone (decision 361).
import { Link } from 'react-router';
import { useRead } from '../../api/calls';
import { endpoints } from '../../api/endpoints';
import { ErrorNotice } from '../../components/ErrorNotice';
import { guardianText } from '../../i18n/guardian';
import { useTexts } from '../../session/language';
import { AlertsCard } from './AlertsCard';
import { childPath } from './paths';
import './guardian.css';

export function GuardianHomePage() {
  const t = useTexts('guardian', guardianText);
  const children = useRead(endpoints.guardians.children, {});
  return (
    <main className="page guardian-page">
      <h1>{t.title}</h1>
      <p className="muted">{t.intro}</p>
      {children.error && !children.data && <ErrorNotice message={children.error} />}
      {children.data &&
        (children.data.length === 0 ? (
          <p className="card muted">{t.none}</p>
        ) : (
          <ul className="bare-list guardian-children">
            {children.data.map((c) => (
              <li key={`${c.school_id}/${c.student_id}`}>
                <Link className="card guardian-child" to={childPath(c.school_id, c.student_id)}>
                  <strong>
                    {c.prenom} {c.nom}
                  </strong>
                  <span>{c.class_name ?? t.noClass}</span>
                  <span className="muted">{c.school_name}</span>
                </Link>
              </li>
            ))}
          </ul>
        ))}
      <AlertsCard />
    </main>
  );
}
