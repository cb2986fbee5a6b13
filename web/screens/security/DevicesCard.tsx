// One's signed-in devices (decision 314), under the password form of every Sécurité tab: each
// device by the name its browser gives (e.g. 'Chrome sur Android'), its last activity in the
// school's time (America/Port-au-Prince), this one marked 'Cet appareil'. 'Déconnecter' ends
// another device at once (its next call lands on the sign-in page); 'Déconnecter tous les
// appareils' ends them all, this one included, which then signs out. Online only: the service
// worker never queues these calls.
import { useNavigate } from 'react-router';
import { useRead } from '../../api/calls';
import { endpoints } from '../../api/endpoints';
import { removal, useWrite } from '../../api/useWrite';
import { Button } from '../../components/Button';
import { useConfirmation } from '../../components/ConfirmDialog';
import { NotLoaded } from '../../components/NotLoaded';
import { toast } from '../../components/toast';
import { devicesText, sessionsServerText } from '../../i18n/security';
import type { KreyolTexts } from '../../i18n/kreyol';
import { shownLanguageNow, textsNow, useTexts } from '../../session/language';
import { signOut } from '../../session/logout';
import { addDays, schoolToday } from '../../../worker/domain/dates';
import { formatInstant } from '../../../worker/domain/format';
import type { DeviceSession } from '../../../worker/contract/auth';
import './security.css';

/** 'Dernière activité : hier à 21:40', the day and the time the school's (in the page's language). */
export function lastUse(
  iso: string,
  now = new Date(),
  t: KreyolTexts['devices'] = devicesText,
  language = shownLanguageNow(),
): string {
  const at = new Date(iso);
  const day = schoolToday(at);
  const today = schoolToday(now);
  const when =
    day === today
      ? t.today
      : day === addDays(today, -1)
        ? t.yesterday
        : t.on(formatInstant(at, 'longDate', '-', language));
  return t.lastUse(when, formatInstant(at, 'time'));
}

/** Offline, nothing is sent: a device is signed out now or not at all. */
const online = () => {
  if (navigator.onLine) return true;
  toast.error(textsNow('devices', devicesText).offline);
  return false;
};

export function DevicesCard() {
  const navigate = useNavigate();
  const t = useTexts('devices', devicesText);
  const said = useTexts('sessions', sessionsServerText);
  const devices = useRead(endpoints.auth.sessions, {});
  const { write, busy } = useWrite(devices);

  const endOne = (device: DeviceSession) =>
    online() && void write(endpoints.auth.endSession, { params: { id: device.id } }, removal(device.id, said.ended));

  const endingAll = useConfirmation(
    () => ({ title: t.endAllTitle, confirmLabel: t.endAll, body: t.endAllBody }),
    async () => {
      if (!online()) return null;
      const outcome = await write(endpoints.auth.endAllSessions, {}, { success: null });
      // This device's session ended too: signed out, the sign-in page says why.
      if (outcome) await signOut(navigate, said.allEnded);
      return outcome;
    },
  );

  return (
    <section className="card devices-card" aria-labelledby="devices-title">
      <h2 id="devices-title">{t.title}</h2>
      <p className="muted small">{t.intro}</p>
      {!devices.data && <NotLoaded error={devices.error} loading={t.loading} />}
      {devices.data && (
        <ul className="bare-list device-list">
          {devices.data.map((device) => (
            <li key={device.id} className="device-row" aria-label={device.device}>
              <div className="device-main">
                <strong>{device.device}</strong>
                {device.current && <span className="badge tone-success">{t.current}</span>}
                <span className="muted small device-when">
                  {device.current ? t.activeNow : lastUse(device.lastUsedAt, undefined, t)}
                </span>
              </div>
              {!device.current && (
                <Button
                  className="danger-text"
                  disabled={busy}
                  aria-label={t.endOneLabel(device.device)}
                  onClick={() => endOne(device)}
                >
                  {t.endOne}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <Button look="danger" disabled={busy || !devices.data} onClick={() => endingAll.ask(true)}>
        {t.endAll}
      </Button>
      {endingAll.dialog}
    </section>
  );
}
