// A read whose answer is not there yet: its error when it failed, else the loading line. One
// markup for the screens' "nothing to show yet" (the teacher's week and courses, the attendance
// sheets).
import { commonText } from '../i18n/common';
import { useTexts } from '../session/language';
import { ErrorNotice } from './ErrorNotice';

export function NotLoaded({ error, loading }: { error: string | null; loading?: string }) {
  const common = useTexts('common', commonText);
  return error ? (
    <ErrorNotice message={error} />
  ) : (
    <p className="muted" role="status">
      {loading ?? common.loading}
    </p>
  );
}
