// 'Gestion des Élèves' (document 2 §2): the register of the selected year (register/), once the
// school's years are known.
import { Link } from 'react-router';
import { studentText } from '../../i18n/students';
import { useSchool } from '../../layouts/school';
import { Register } from './register/Register';
import './students.css';

const t = studentText;

export function StudentsPage() {
  const { school, selectedYear, loading, error } = useSchool();
  if (loading) {
    return (
      <p className="page muted" role="status">
        {t.yearLoading}
      </p>
    );
  }
  if (error || !selectedYear) {
    return (
      <main className="page">
        <div className="notice tone-error" role="alert">
          <h2>{t.configErrorTitle}</h2>
          <p>{error ?? t.configErrorBody}</p>
          <Link to="/admin">{t.configErrorLink}</Link>
        </div>
      </main>
    );
  }
  return <Register key={selectedYear.id} year={selectedYear} school={school} />;
}
