// A read whose answer is not there yet: its error when it failed, else the loading line. One
// markup for the screens' "nothing to show yet" (the teacher's week and courses, the attendance
// sheets).
import { commonText } from '../i18n/common';

export function NotLoaded({ error, loading = commonText.loading }: { error: string | null; loading?: string }) {
  return error ? (
    <p className="notice notice-error">{error}</p>
  ) : (
    <p className="muted" role="status">
      {loading}
    </p>
  );
}
