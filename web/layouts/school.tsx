// The school's data every staff screen needs: its information and its years, with the year
// selected in the top bar (remembered between visits).
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { SchoolYear } from '../../worker/contract/school-years';
import { api, errorMessage } from '../api/client';

export interface SchoolInfo {
  id: string;
  name: string;
  email: string | null;
  address: string | null;
  phone: string | null;
  passing_grade: number;
  currency: 'Gdes' | '$HT' | 'US' | 'EU';
  logo_url: string | null;
  expires_at: string | null;
}

export type { SchoolYear };

interface SchoolContextValue {
  school: SchoolInfo | null;
  years: SchoolYear[];
  selectedYear: SchoolYear | null;
  selectYear: (id: string) => void;
  reload: () => void;
  loading: boolean;
  error: string | null;
}

const SchoolContext = createContext<SchoolContextValue | null>(null);
const SELECTED_YEAR_KEY = 'selectedYearId';

/** The current year is the one flagged current, otherwise the first (document 1 §3). */
export const currentYearOf = (years: SchoolYear[]) => years.find((y) => y.is_current) ?? years[0] ?? null;

export function SchoolProvider({
  children,
  withYears = true,
  skip = false,
}: {
  children: ReactNode;
  withYears?: boolean;
  /** Platform accounts have no school: nothing is loaded. */
  skip?: boolean;
}) {
  const [school, setSchool] = useState<SchoolInfo | null>(null);
  const [years, setYears] = useState<SchoolYear[]>([]);
  const [selectedId, setSelectedId] = useState<string | null>(() => localStorage.getItem(SELECTED_YEAR_KEY));
  const [loading, setLoading] = useState(!skip);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (skip) return;
    let cancelled = false;
    setLoading(true);
    Promise.all([api.get<SchoolInfo>('/instance/current'), withYears ? api.get<SchoolYear[]>('/school-years') : []])
      .then(([info, list]) => {
        if (cancelled) return;
        setSchool(info);
        setYears(list);
        setError(null);
      })
      .catch((e: unknown) => !cancelled && setError(errorMessage(e)))
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, [withYears, skip, version]);

  const selectYear = useCallback((id: string) => {
    localStorage.setItem(SELECTED_YEAR_KEY, id);
    setSelectedId(id);
  }, []);

  const value = useMemo<SchoolContextValue>(
    () => ({
      school,
      years,
      selectedYear: years.find((y) => y.id === selectedId) ?? currentYearOf(years),
      selectYear,
      reload: () => setVersion((v) => v + 1),
      loading,
      error,
    }),
    [school, years, selectedId, selectYear, loading, error],
  );
  return <SchoolContext.Provider value={value}>{children}</SchoolContext.Provider>;
}

export function useSchool(): SchoolContextValue {
  const value = useContext(SchoolContext);
  if (!value) throw new Error('useSchool outside SchoolProvider');
  return value;
}
