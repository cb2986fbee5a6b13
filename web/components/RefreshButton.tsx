import { commonText } from '../i18n/common';
import { useTexts } from '../session/language';
import { LineIcon } from './LineIcon';

/** Reloads the page (shown on /, /login, /force-password-change and in the top bar). */
export function RefreshButton({ className = 'btn btn-ghost' }: { className?: string }) {
  const { refresh } = useTexts('common', commonText);
  return (
    <button
      type="button"
      className={className}
      onClick={() => window.location.reload()}
      aria-label={refresh}
      title={refresh}
    >
      <LineIcon>
        <path d="M21 12a9 9 0 1 1-3-6.7" />
        <path d="M21 3v6h-6" />
      </LineIcon>
    </button>
  );
}
