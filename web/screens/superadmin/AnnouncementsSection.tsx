// Announcements to the admins of every school: publish one (the latest shows in their banner),
// the history, delete.
import { RemovableList } from './RemovableList';
import { type FormEvent, useState } from 'react';
import { useRead } from '../../api/calls';
import { endpoints } from '../../api/endpoints';
import { useWrite } from '../../api/useWrite';
import { ErrorNotice } from '../../components/ErrorNotice';
import { InputField, TextAreaField } from '../../components/Field';
import { SubmitButton } from '../../components/SubmitButton';
import { platformServerText, platformText } from '../../i18n/platform';
import type { PlatformAnnouncement } from '../../../worker/contract/superadmin';
import { formatInstant } from '../../../worker/domain/format';

const t = platformText.announcements;

export function AnnouncementsSection() {
  const list = useRead(endpoints.superadmin.announcements, {});
  const { write, busy } = useWrite(list);
  const [values, setValues] = useState({ title: '', content: '' });
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!values.title.trim()) return setError(platformServerText.titleRequired);
    if (!values.content.trim()) return setError(platformServerText.contentRequired);
    setError(null);
    const done = await write(endpoints.superadmin.announce, { body: values }, { success: (a) => a.message });
    if (done) setValues({ title: '', content: '' });
  };
  const remove = async (announcement: PlatformAnnouncement) => {
    const removed = await write(
      endpoints.superadmin.deleteAnnouncement,
      { params: { id: announcement.id } },
      { success: (a) => a.message },
    );
    return removed !== null;
  };

  return (
    <>
      <h2>{platformText.tabs.announcements}</h2>
      <p className="muted">{t.intro}</p>
      <form className="announce-form" onSubmit={(e) => void submit(e)} noValidate>
        <ErrorNotice message={error} />
        <InputField
          label={t.title}
          marked
          value={values.title}
          maxLength={200}
          onChange={(e) => setValues((v) => ({ ...v, title: e.target.value }))}
        />
        <TextAreaField
          label={t.content}
          marked
          rows={4}
          value={values.content}
          maxLength={2000}
          onChange={(e) => setValues((v) => ({ ...v, content: e.target.value }))}
        />
        <SubmitButton busy={busy} busyLabel={t.publishing}>
          {t.publish}
        </SubmitButton>
      </form>
      <h3>{t.history}</h3>
      <ErrorNotice message={list.error} />
      <RemovableList items={list.data} empty={t.empty} name={(a) => a.title} texts={t} remove={remove}>
        {(a) => (
          <>
            <strong>{a.title}</strong> <small className="muted">{formatInstant(a.created_at, 'seconds')}</small>
            <p>{a.content}</p>
          </>
        )}
      </RemovableList>
    </>
  );
}
