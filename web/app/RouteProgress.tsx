// A thin bar at the very top while a screen's chunk (route change) or its data (API reads) load,
// shown after a short wait so that quick answers do not flicker.
import { useEffect, useState } from 'react';
import { useReading } from '../api/activity';
import { commonText } from '../i18n/common';
import { useTexts } from '../session/language';
import { useScreenLoading } from './screen-loads';

const SHOW_AFTER_MS = 120;

export function RouteProgress() {
  const loading = useScreenLoading();
  const reading = useReading();
  const busy = loading || reading;
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!busy) {
      setShown(false);
      return;
    }
    const timer = window.setTimeout(() => setShown(true), SHOW_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [busy]);
  const label = useTexts('common', commonText).loading;
  if (!shown) return null;
  return <div className="route-progress" role="progressbar" aria-label={label} />;
}
