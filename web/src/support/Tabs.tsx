import { useRef, type KeyboardEvent, type ReactNode } from 'react';

interface TabsProps<Id extends string> {
  label: string;
  tabs: readonly { id: Id; label: string }[];
  selected: Id;
  onSelect(id: Id): void;
  children: ReactNode;
}

/**
 * The ARIA tabs pattern with automatic activation: arrows, Home and End move between tabs and
 * select them; only the selected tab is in the Tab order.
 */
export function Tabs<Id extends string>({ label, tabs, selected, onSelect, children }: TabsProps<Id>) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = tabs.findIndex((tab) => tab.id === selected);
    const moves: Record<string, number> = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = tabs[(target + tabs.length) % tabs.length]!;
    onSelect(next.id);
    list.current?.querySelector<HTMLElement>(`#tab-${next.id}`)?.focus();
  };
  return (
    <div className="tabs">
      <div ref={list} role="tablist" aria-label={label} className="tabs__list" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            id={`tab-${tab.id}`}
            type="button"
            role="tab"
            aria-selected={tab.id === selected}
            aria-controls={`tabpanel-${tab.id}`}
            tabIndex={tab.id === selected ? 0 : -1}
            className="tabs__tab"
            onClick={() => onSelect(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div id={`tabpanel-${selected}`} role="tabpanel" aria-labelledby={`tab-${selected}`} className="tabs__panel" tabIndex={0}>
        {children}
      </div>
    </div>
  );
}
