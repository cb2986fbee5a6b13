// The guardian's alerts (issue 43, decision 361), on 'Mes enfants': this phone subscribed to Web
// Push or not (PushManager.subscribe with the platform's VAPID public key, the subscription kept by
// the server: a guardian may have several phones), and which alerts they take. Changes need the
// network (never queued): the choice is the server's.
import { useEffect, useState } from 'react';
import { send, useRead } from '../../api/calls';
import { NetworkError, errorMessage } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import { Button } from '../../components/Button';
import { toast } from '../../components/toast';
import { guardianText } from '../../i18n/guardian';
import { useTexts } from '../../session/language';
import { ALERT_KINDS, type AlertKind } from '../../../worker/domain/guardians';

const pushSupported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The VAPID key as PushManager takes it (bytes of the base64url text). */
const keyBytes = (base64url: string) =>
  Uint8Array.from(atob(base64url.replace(/-/g, '+').replace(/_/g, '/')), (ch) => ch.charCodeAt(0));

/** This phone's subscription, if any. */
async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export function AlertsCard() {
  const t = useTexts('guardian', guardianText).alerts;
  const state = useRead(endpoints.guardians.alerts, {});
  const [here, setHere] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void currentSubscription().then((s) => setHere(Boolean(s)));
  }, []);

  const failed = (error: unknown) => toast.error(error instanceof NetworkError ? t.online : errorMessage(error));

  const subscribe = async (publicKey: string) => {
    setBusy(true);
    try {
      if ((await Notification.requestPermission()) !== 'granted') {
        toast.error(t.denied);
        return;
      }
      const registration = await navigator.serviceWorker.ready;
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: keyBytes(publicKey),
        }));
      const { endpoint, keys } = subscription.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
      const answer = await send(endpoints.guardians.subscribe, { body: { endpoint, keys } });
      toast.success(answer.message);
      setHere(true);
      state.reload();
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };

  const unsubscribe = async () => {
    setBusy(true);
    try {
      const subscription = await currentSubscription();
      if (subscription) {
        const answer = await send(endpoints.guardians.unsubscribe, { body: { endpoint: subscription.endpoint } });
        await subscription.unsubscribe();
        toast.success(answer.message);
      }
      setHere(false);
      state.reload();
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };

  const choose = async (kind: AlertKind, on: boolean) => {
    const chosen = state.data?.alerts ?? [];
    const alerts = on ? [...chosen, kind] : chosen.filter((k) => k !== kind);
    setBusy(true);
    try {
      const answer = await send(endpoints.guardians.chooseAlerts, { body: { alerts } });
      state.setData((d) => ({ ...d, alerts: answer.alerts }));
      toast.success(answer.message);
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };

  const data = state.data;
  return (
    <section className="card guardian-section" aria-labelledby="guardian-alerts">
      <h2 id="guardian-alerts">{t.title}</h2>
      <p className="muted">{t.intro}</p>
      {data && (
        <>
          {!pushSupported() ? (
            <p>{t.unsupported}</p>
          ) : !data.public_key ? (
            <p>{t.unavailable}</p>
          ) : here ? (
            <p>
              {t.on}{' '}
              <Button small look="ghost" disabled={busy} onClick={() => void unsubscribe()}>
                {t.unsubscribe}
              </Button>
            </p>
          ) : (
            <p>
              <Button look="primary" disabled={busy || here === null} onClick={() => void subscribe(data.public_key!)}>
                {t.subscribe}
              </Button>
            </p>
          )}
          <p className="muted">{t.phones(data.phones)}</p>
          <fieldset className="guardian-alert-kinds" disabled={busy}>
            <legend className="sr-only">{t.title}</legend>
            {ALERT_KINDS.map((kind) => (
              <label key={kind}>
                <input
                  type="checkbox"
                  checked={data.alerts.includes(kind)}
                  onChange={(e) => void choose(kind, e.currentTarget.checked)}
                />{' '}
                {t.kinds[kind]}
              </label>
            ))}
          </fieldset>
        </>
      )}
    </section>
  );
}
