// The rows a list's checkboxes select, as a set of ids: one way to tick one row or a whole page.

/** `set` with `id` ticked if it was not, unticked if it was. */
export function toggled<T>(set: ReadonlySet<T>, id: T): Set<T> {
  const next = new Set(set);
  if (!next.delete(id)) next.add(id);
  return next;
}

/** `set` with every id of `ids` ticked (`on`) or unticked. */
export function withAll<T>(set: ReadonlySet<T>, ids: Iterable<T>, on: boolean): Set<T> {
  const next = new Set(set);
  for (const id of ids) {
    if (on) next.add(id);
    else next.delete(id);
  }
  return next;
}
