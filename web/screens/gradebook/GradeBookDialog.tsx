// The grade book in a modal, from the admin's dashboard (document 2 §2 'Grade book'): choose a
// class, then a subject of its programme (its name and max grade), then the period, and the
// same book as the teacher's page.
import { useState } from 'react';
import { useApi } from '../../api/useApi';
import { Modal } from '../../components/Modal';
import { commonText } from '../../i18n/common';
import { gradebookText as t } from '../../i18n/gradebook';
import { useSchool } from '../../layouts/school';
import type { Programme } from '../../../worker/contract/curriculum';
import { formatPoints } from '../../../worker/domain/grades';
import { GradeBookPanel } from './GradeBookPanel';
import './gradebook.css';

export function GradeBookDialog({ onClose }: { onClose: () => void }) {
  const { classes, selectedYear } = useSchool();
  const [className, setClassName] = useState('');
  const [subjectId, setSubjectId] = useState('');
  const programme = useApi<Programme>(
    selectedYear && className ? `/curriculum?yearId=${encodeURIComponent(selectedYear.id)}&className=${encodeURIComponent(className)}` : null,
  );
  const subject = programme.data?.assigned.find((s) => s.subject_id === subjectId);
  return (
    <Modal
      title={t.title}
      wide
      onClose={onClose}
      actions={
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          {commonText.close}
        </button>
      }
    >
      {!selectedYear ? (
        <p className="muted">{t.noYear}</p>
      ) : (
        <>
          <div className="gradebook-selects">
            <label className="gradebook-period">
              <span>{t.classLabel}</span>
              <select
                value={className}
                onChange={(e) => {
                  setClassName(e.target.value);
                  setSubjectId('');
                }}
              >
                <option value="">{t.chooseClass}</option>
                {classes.map((c) => (
                  <option key={c.id} value={c.name}>
                    {c.name}
                  </option>
                ))}
              </select>
            </label>
            <label className="gradebook-period">
              <span>{t.subjectLabel}</span>
              <select value={subjectId} disabled={!programme.data} onChange={(e) => setSubjectId(e.target.value)}>
                <option value="">{t.chooseSubject}</option>
                {programme.data?.assigned.map((s) => (
                  <option key={s.subject_id} value={s.subject_id}>
                    {t.subjectOption(s.subject_name, formatPoints(s.max_grade))}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {subject && <GradeBookPanel key={`${className}|${subjectId}`} yearId={selectedYear.id} className={className} subjectId={subjectId} subjectName={subject.subject_name} />}
        </>
      )}
    </Modal>
  );
}
