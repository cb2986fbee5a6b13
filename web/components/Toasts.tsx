import { type ReactNode, useSyncExternalStore } from 'react';
import { shellText } from '../i18n/shell';
import { useTexts } from '../session/language';
import { dismissToast, toastStore } from './toast';
import './toasts.css';

export function Toasts() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.get);
  const said = useTexts('shell', shellText).toast;
  return (
    <div className="toasts" role="region" aria-label={said.region}>
      {toasts.map((t) => (
        <div key={t.id} className={`toast tone-${t.kind}`} role={t.kind === 'error' ? 'alert' : 'status'}>
          <span>{t.message}</span>
          <button type="button" className="toast-close" onClick={() => dismissToast(t.id)} aria-label={said.dismiss}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

/** Where notices show: the service worker's banner, then the toasts (toasts.css). */
export function NoticeArea({ children }: { children: ReactNode }) {
  return <div className="notice-area">{children}</div>;
}
