// The student's 'Ressources': their class's resources of the year, newest first, each previewed
// in the dialog (a file) or opened (a link). The list is read with the portal's other sections,
// so it opens offline after one visit.
import { useState } from 'react';
import { useRead } from '../../api/calls';
import { endpoints } from '../../api/endpoints';
import { resourcesText } from '../../i18n/resources';
import { useLanguage, useTexts } from '../../session/language';
import type { Resource } from '../../../worker/contract/resources';
import { ResourceOpen, ResourcePreview } from '../resources/ResourcePreview';
import { PortalPage, usePortalStudent } from './portal';
import '../resources/resources.css';
import './student.css';
import { formatInstant } from '../../../worker/domain/format';

export function StudentResourcesPage() {
  const list = useRead(endpoints.resources.studentList, { query: usePortalStudent() });
  const [open, setOpen] = useState<Resource | null>(null);
  const t = useTexts('resources', resourcesText);
  const language = useLanguage();
  return (
    <PortalPage title={t.studentTitle} read={list}>
      {(data) => (
        <>
          {data.length === 0 && <p className="card muted">{t.studentEmpty}</p>}
          {data.length > 0 && (
            <ul className="resource-list" aria-label={t.studentTitle}>
              {data.map((r) => (
                <li key={r.id} className="card spread resource-item">
                  <div>
                    <h3>{r.title}</h3>
                    <p className="muted resource-meta">
                      {r.subject_name} · {t.by(r.teacher_prenom, r.teacher_nom)} · {t.types[r.resource_type]}
                      {r.size ? ` · ${t.size(r.size)}` : ''} · {formatInstant(r.created_at, 'shortDate', '-', language)}
                    </p>
                  </div>
                  <div className="resource-actions">
                    <ResourceOpen resource={r} onPreview={setOpen} />
                  </div>
                </li>
              ))}
            </ul>
          )}
          {open && <ResourcePreview resource={open} onClose={() => setOpen(null)} />}
        </>
      )}
    </PortalPage>
  );
}
