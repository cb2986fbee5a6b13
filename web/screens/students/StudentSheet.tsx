// 'Fiche de l'Élève' (document 2 §2): avatar, personal information, guardian, medical notes, and
// the print button.
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { PrintDialog } from '../../components/Dialog';
import { guardiansLink } from '../../i18n/guardians-link';
import { studentText } from '../../i18n/students';
import { hasPermission, useSession } from '../../session/session';
import type { SchoolInfo } from '../../layouts/school';
import { fullName, type Student } from './model';
import { Avatar } from './photo';
import { printStudentSheets, sheetSections } from './printing';

const t = studentText.sheet;

function Facts({ rows }: { rows: [string, string][] }) {
  return (
    <dl className="sheet-facts">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function StudentSheet({
  student,
  school,
  yearName,
  onClose,
}: {
  student: Student;
  school: SchoolInfo | null;
  yearName: string;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const session = useSession();
  // The dialog focuses its first button (at the bottom): show the sheet from its top.
  useEffect(() => {
    const modal = ref.current?.closest('.modal');
    if (modal) modal.scrollTop = 0;
  }, []);
  return (
    <PrintDialog
      title={t.title}
      printLabel={t.print}
      onClose={onClose}
      onPrint={() => printStudentSheets([student], school, yearName)}
    >
      <div className="student-sheet" ref={ref}>
        <div className="sheet-identity">
          <Avatar prenom={student.prenom} nom={student.nom} photoUrl={student.photo_url} size={64} />
          <div>
            <p className="sheet-name">{fullName(student)}</p>
            {student.status === 'archived' && (
              <span className="student-badge student-badge-archived">{t.archived}</span>
            )}
          </div>
        </div>
        {sheetSections(student).map((section) => (
          <section key={section.key} aria-labelledby={`sheet-${section.key}`}>
            <h3 id={`sheet-${section.key}`}>{section.title}</h3>
            {section.facts ? <Facts rows={section.facts} /> : <p className="muted">{t.noNotes}</p>}
          </section>
        ))}
        {session && hasPermission(session, 'guardian:manage') && (
          <p>
            <Link to={`/guardians?student=${encodeURIComponent(student.id)}`}>{guardiansLink}</Link>
          </p>
        )}
      </div>
    </PrintDialog>
  );
}
