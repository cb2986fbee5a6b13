// The register's state: its filters (the search sent after 300 ms of quiet, any change back to
// page 1 with an empty selection), the page read (offline, built from the stored lists), the
// year's classes, and the selection, which may span pages.
import { useEffect, useMemo, useState } from 'react';
import { useRead } from '../../../api/calls';
import { endpoints } from '../../../api/endpoints';
import { type SchoolYear, useSchool } from '../../../layouts/school';
import { listQuery, type ListFilters, type Student } from '../model';
import { storedLists, storedPage } from './stored';

const SEARCH_DEBOUNCE_MS = 300;
const UNENROLLED = '__non_inscrits__';

export function useRegister(year: SchoolYear) {
  const [filters, setFilters] = useState<ListFilters>({
    yearId: year.id,
    page: 1,
    includeArchived: false,
    classFilter: '',
    search: '',
    sort: 'nom',
  });
  const [searchInput, setSearchInput] = useState('');
  const [selected, setSelected] = useState<ReadonlyMap<string, Student>>(new Map());

  // The current year's classes and MPPA come with the bootstrap; another year's are read here.
  const school = useSchool();
  const current = year.is_current;
  const form = useRead(endpoints.students.formData, current ? null : { query: { yearId: year.id } });
  const unenrolledFilter = form.data?.unenrolledFilter ?? UNENROLLED;
  const classes = useMemo(
    () =>
      current
        ? school.classes.map((k) => ({ id: k.id, name: k.name, mppa: school.fees[k.id] ?? null }))
        : (form.data?.classes ?? []),
    [current, school.classes, school.fees, form.data],
  );
  // Offline, a search (or page, filter, sort) never read here is answered from the stored lists.
  const list = useRead(endpoints.students.list, listQuery(filters), {
    offline: async () => storedPage(await storedLists(year.id), filters, unenrolledFilter),
  });

  useEffect(() => {
    const timer = window.setTimeout(() => {
      setFilters((f) => (f.search === searchInput ? f : { ...f, search: searchInput, page: 1 }));
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [searchInput]);

  const page = list.data;
  // After a delete the page asked may no longer exist: show the last one.
  useEffect(() => {
    if (page && page.students.length === 0 && page.pagination.page > page.pagination.totalPages) {
      setFilters((f) => ({ ...f, page: page.pagination.totalPages }));
    }
  }, [page]);
  const pageById = useMemo(() => new Map((page?.students ?? []).map((s) => [s.id, s])), [page]);
  // The rows of the page shown are the freshest copies of the students selected.
  const selection = useMemo(() => [...selected.values()].map((s) => pageById.get(s.id) ?? s), [selected, pageById]);

  const select = (change: (next: Map<string, Student>) => void) =>
    setSelected((current) => {
      const next = new Map(current);
      change(next);
      return next;
    });

  return {
    filters,
    searchInput,
    setSearchInput,
    /** Filter changes start again at page 1 with an empty selection. */
    refine: (change: Partial<ListFilters>) => {
      setFilters((f) => ({ ...f, ...change, page: 1 }));
      setSelected(new Map());
    },
    goToPage: (n: number) => setFilters((f) => ({ ...f, page: n })),
    list,
    page,
    pageById,
    classes,
    unenrolledFilter,
    selected,
    selection,
    toggle: (s: Student) => select((next) => (next.has(s.id) ? next.delete(s.id) : next.set(s.id, s))),
    togglePage: (on: boolean) =>
      select((next) => page?.students.forEach((s) => (on ? next.set(s.id, s) : next.delete(s.id)))),
    clearSelection: () => setSelected(new Map()),
    /** A student saved meanwhile replaces its selected copy. */
    refreshSelected: (student: Student) =>
      setSelected((current) => (current.has(student.id) ? new Map(current).set(student.id, student) : current)),
  };
}

export type RegisterState = ReturnType<typeof useRegister>;
