// The school's data every staff screen needs: its information, its years and classes (the
// bootstrap, web/api/bootstrap.ts), with the year selected in the top bar (remembered between
// visits).
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import {
  type Announcement,
  type Bootstrap,
  type BootstrapArea,
  loadBootstrap,
  type SchoolClass,
  type SchoolInfo,
  type SchoolYear,
} from '../api/bootstrap';
import { errorMessage } from '../api/client';

export type { Announcement, SchoolClass, SchoolInfo, SchoolYear };

interface SchoolContextValue {
  school: SchoolInfo | null;
  years: SchoolYear[];
  /** The school's classes in their order. */
  classes: SchoolClass[];
  /** The platform team's latest announcement (school staff). */
  announcement: Announcement | null;
  /** The current year's MPPA by class id (readers of the student register). */
  fees: Record<string, number>;
  selectedYear: SchoolYear | null;
  selectYear: (id: string) => void;
  /** Reads the school again, keeping the screen on show while it loads. */
  reload: () => void;
  /** True until the first answer. */
  loading: boolean;
  error: string | null;
}

const NO_FEES: Record<string, number> = {};

const SchoolContext = createContext<SchoolContextValue | null>(null);
const SELECTED_YEAR_KEY = 'selectedYearId';

/** The current year is the one flagged current, otherwise the first (document 1 §3). */
export const currentYearOf = (years: SchoolYear[]) => years.find((y) => y.is_current) ?? years[0] ?? null;

export function SchoolProvider({
  children,
  area = 'school',
  skip = false,
}: {
  children: ReactNode;
  area?: BootstrapArea;
  /** Platform accounts have no school: nothing is loaded. */
  skip?: boolean;
}) {
  const [data, setData] = useState<Bootstrap | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(() => localStorage.getItem(SELECTED_YEAR_KEY));
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (skip) return;
    let cancelled = false;
    loadBootstrap(area)
      .then((answer) => {
        if (cancelled) return;
        setData(answer);
        setError(null);
      })
      .catch((e: unknown) => !cancelled && setError(errorMessage(e)));
    return () => {
      cancelled = true;
    };
  }, [area, skip, version]);

  const selectYear = useCallback((id: string) => {
    localStorage.setItem(SELECTED_YEAR_KEY, id);
    setSelectedId(id);
  }, []);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  const value = useMemo<SchoolContextValue>(() => {
    const years = data?.years ?? [];
    return {
      school: data?.school ?? null,
      years,
      classes: data?.classes ?? [],
      announcement: data?.announcement ?? null,
      fees: data?.fees ?? NO_FEES,
      selectedYear: years.find((y) => y.id === selectedId) ?? currentYearOf(years),
      selectYear,
      reload,
      loading: !skip && !data && !error,
      // A failed refresh keeps what was shown.
      error: data ? null : error,
    };
  }, [data, error, selectedId, selectYear, reload, skip]);
  return <SchoolContext.Provider value={value}>{children}</SchoolContext.Provider>;
}

export function useSchool(): SchoolContextValue {
  const value = useContext(SchoolContext);
  if (!value) throw new Error('useSchool outside SchoolProvider');
  return value;
}

/** Said in place of a screen's content once the school's years are known and none is selected. */
export function NoYearNotice({ text }: { text: string }) {
  const { selectedYear, loading } = useSchool();
  return !selectedYear && !loading ? <p className="card muted">{text}</p> : null;
}
