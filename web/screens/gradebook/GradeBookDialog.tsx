// The grade book in a modal (document 2 §2 'Grade book'): from the admin's dashboard, choose a
// class, then a subject of its programme (its name and max grade), then the period, and the
// same book as the teacher's page. The report cards' 'Modifier les Notes' opens it on their
// class, period and subjects (the first one chosen), and is told of each change.
import { useState } from 'react';
import { useRead } from '../../api/calls';
import { endpoints } from '../../api/endpoints';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { commonText } from '../../i18n/common';
import { gradebookText as t } from '../../i18n/gradebook';
import { useSchool } from '../../layouts/school';
import { formatPoints } from '../../../worker/domain/grades';
import { GradeBookPanel } from './GradeBookPanel';
import { ClassSelect } from '../../components/ClassSelect';
import { Picker } from './Picker';
import './gradebook.css';

/** A subject of the class's programme, with its max grade (points). */
export interface GradeBookSubject {
  subject_id: string;
  subject_name: string;
  max_grade: number;
}

export interface GradeBookDialogProps {
  onClose: () => void;
  /** The dialog's title (default 'Carnet de notes'). */
  title?: string;
  /** A fixed class (its name): no class to choose. */
  className?: string;
  /** The period the book opens at (default: the year's first). */
  periodId?: string;
  /** The subjects to choose from, the first chosen (default: the chosen class's programme). */
  subjects?: readonly GradeBookSubject[];
  /** Told after a change lands. */
  onChanged?: () => void;
}

export function GradeBookDialog({
  onClose,
  title,
  className: fixedClass,
  periodId,
  subjects: fixedSubjects,
  onChanged,
}: GradeBookDialogProps) {
  const { classes, selectedYear } = useSchool();
  const [chosenClass, setChosenClass] = useState('');
  const className = fixedClass ?? chosenClass;
  const [subjectId, setSubjectId] = useState(fixedSubjects?.[0]?.subject_id ?? '');
  const programme = useRead(
    endpoints.curriculum.get,
    !fixedSubjects && selectedYear && className ? { query: { yearId: selectedYear.id, className } } : null,
  );
  const subjects = fixedSubjects ?? programme.data?.assigned;
  const subject = subjects?.find((s) => s.subject_id === subjectId);
  return (
    <Modal
      title={title ?? t.title}
      wide
      onClose={onClose}
      actions={<Button onClick={onClose}>{commonText.close}</Button>}
    >
      {!selectedYear ? (
        <p className="muted">{t.noYear}</p>
      ) : (
        <>
          <div className="gradebook-selects">
            {fixedClass === undefined && (
              <ClassSelect
                label={t.classLabel}
                value={className}
                onChange={(name) => {
                  setChosenClass(name);
                  setSubjectId('');
                }}
                classes={classes}
                none={t.chooseClass}
                className="field-flush"
              />
            )}
            {subjects?.length === 0 ? (
              <p className="muted">{t.noSubject}</p>
            ) : (
              <Picker label={t.subjectLabel} value={subjectId} disabled={!subjects} onChange={setSubjectId}>
                <option value="">{t.chooseSubject}</option>
                {subjects?.map((s) => (
                  <option key={s.subject_id} value={s.subject_id}>
                    {t.subjectOption(s.subject_name, formatPoints(s.max_grade))}
                  </option>
                ))}
              </Picker>
            )}
          </div>
          {subject && (
            <GradeBookPanel
              key={`${className}|${subjectId}`}
              yearId={selectedYear.id}
              className={className}
              subjectId={subjectId}
              subjectName={subject.subject_name}
              {...(periodId ? { periodId } : {})}
              {...(onChanged ? { onChanged } : {})}
            />
          )}
        </>
      )}
    </Modal>
  );
}
