// An announcement shown above a home screen until its reader closes it (remembered per device,
// by announcement): the platform's to school admins, the administration's to a teacher.
import { useState } from 'react';
import { commonText } from '../i18n/common';
import { useTexts } from '../session/language';
import './announcement.css';
import { Button } from './Button';

export function AnnouncementBanner({
  id,
  title,
  content,
  storageKey,
}: {
  id: string;
  title?: string;
  content: string;
  storageKey: string;
}) {
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(storageKey));
  const t = useTexts('common', commonText);
  if (id === dismissed) return null;
  const close = () => {
    localStorage.setItem(storageKey, id);
    setDismissed(id);
  };
  return (
    <aside className="notice tone-info announcement" aria-label={title ?? t.announcement}>
      <div>
        {title && <strong>{title}</strong>}
        <p>{content}</p>
      </div>
      <Button look="ghost" aria-label={t.closeAnnouncement} onClick={close}>
        ✕
      </Button>
    </aside>
  );
}
