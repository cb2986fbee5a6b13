// The administration panel's Communications tab (document 1 §2): three sub-tabs, the teachers'
// support chat, the announcements to teachers and the announcements to students.
import { Suspense, useState } from 'react';
import { commonText } from '../../../i18n/common';
import { communicationsText } from '../../../i18n/communications';
import { lazyPart } from '../../../components/lazy-part';
import { Tabs } from '../../../components/Tabs';

const panels = {
  support: lazyPart(() => import('../../support/Support'), 'AdminSupport'),
  teacherAnnouncements: lazyPart(() => import('../../support/Announcements'), 'TeacherAnnouncements'),
  studentAnnouncements: lazyPart(() => import('../../support/Announcements'), 'StudentAnnouncements'),
};

type Key = keyof typeof panels;
const KEYS = Object.keys(panels) as Key[];
const t = communicationsText.tabs;

export function CommunicationsTab() {
  const [active, setActive] = useState<Key>('support');
  const Panel = panels[active];
  return (
    <div className="communications">
      <Tabs
        id="comm"
        label={communicationsText.support.title}
        tabs={KEYS}
        names={t}
        active={active}
        onChoose={setActive}
      >
        <Suspense fallback={<p className="muted">{commonText.loading}</p>}>
          <Panel />
        </Suspense>
      </Tabs>
    </div>
  );
}
