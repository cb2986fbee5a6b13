// A row of tabs and the chosen tab's panel (WAI-ARIA tabs): each tab names the panel it controls,
// the panel is labelled by its tab. The screen keeps which tab is chosen (and where it remembers it).
import type { ReactNode } from 'react';

export function Tabs<K extends string>({
  id,
  label,
  tabs,
  names,
  active,
  onChoose,
  panelClassName,
  children,
}: {
  /** Prefix of the tabs' and panels' ids, unique on the page. */
  id: string;
  /** The tab list's name for screen readers. */
  label: string;
  tabs: readonly K[];
  names: Record<K, string>;
  active: K;
  onChoose: (tab: K) => void;
  panelClassName?: string;
  /** The chosen tab's panel. */
  children: ReactNode;
}) {
  return (
    <>
      <div className="tabs" role="tablist" aria-label={label}>
        {tabs.map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            id={`${id}-tab-${tab}`}
            aria-selected={tab === active}
            aria-controls={`${id}-panel-${tab}`}
            className={tab === active ? 'tab active' : 'tab'}
            onClick={() => onChoose(tab)}
          >
            {names[tab]}
          </button>
        ))}
      </div>
      <section
        role="tabpanel"
        id={`${id}-panel-${active}`}
        aria-labelledby={`${id}-tab-${active}`}
        className={panelClassName}
      >
        {children}
      </section>
    </>
  );
}
