// 'Fiche de l'Élève' (document 2 §2): avatar, personal information, guardian, medical notes, and
// the print button.
import { useEffect, useRef } from 'react';
import { Dialog } from '../../components/Dialog';
import { studentText } from '../../i18n/students';
import type { SchoolInfo } from '../../layouts/school';
import { formatDateFr, hasMedicalNotes, parseMedicalNotes } from '../../../worker/domain/students';
import { fullName, type Student } from './model';
import { Avatar } from './photo';
import { classLabel, printStudentSheets, sexLabel } from './printing';

const t = studentText.sheet;
const orDash = (value: string | null | undefined) => (value && value.trim() ? value : '-');

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
  const notes = parseMedicalNotes(student.medical_notes);
  const ref = useRef<HTMLDivElement>(null);
  // The dialog focuses its first button (at the bottom): show the sheet from its top.
  useEffect(() => {
    const modal = ref.current?.closest('.modal');
    if (modal) modal.scrollTop = 0;
  }, []);
  return (
    <Dialog
      title={t.title}
      cancelLabel={t.close}
      confirmLabel={t.print}
      onCancel={onClose}
      onConfirm={() => printStudentSheets([student], school, yearName)}
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
        <section aria-labelledby="sheet-personal">
          <h3 id="sheet-personal">{t.personal}</h3>
          <Facts
            rows={[
              [t.nisu, orDash(student.nisu)],
              [t.className, classLabel(student)],
              [t.sexe, sexLabel(student.sexe)],
              [t.birthDate, formatDateFr(student.date_of_birth)],
              [t.birthPlace, orDash(student.birth_place)],
              [t.address, orDash(student.address)],
            ]}
          />
        </section>
        <section aria-labelledby="sheet-tutor">
          <h3 id="sheet-tutor">{t.tutor}</h3>
          <Facts
            rows={[
              [t.tutorName, orDash(student.tutor_name)],
              [t.tutorPhone, orDash(student.tutor_phone)],
              [t.tutorEmail, orDash(student.tutor_email)],
            ]}
          />
        </section>
        <section aria-labelledby="sheet-medical">
          <h3 id="sheet-medical">{t.medical}</h3>
          {hasMedicalNotes(notes) ? (
            <Facts
              rows={[
                [t.bloodGroup, orDash(notes.blood_group)],
                [t.allergies, orDash(notes.allergies)],
                [t.illnesses, orDash(notes.illnesses)],
              ]}
            />
          ) : (
            <p className="muted">{t.noNotes}</p>
          )}
        </section>
      </div>
    </Dialog>
  );
}
