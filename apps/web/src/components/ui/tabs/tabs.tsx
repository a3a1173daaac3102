import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import './tabs.css';

export type TabItem<K extends string = string> = {
  key: K;
  label: ReactNode;
  disabled?: boolean;
};

export type TabsProps<K extends string = string> = {
  items: readonly TabItem<K>[];
  value: K;
  onChange: (key: K) => void;
  /** Accessible name of the tab list. */
  label: string;
  /** Prefix for the tab and panel ids; pair with <TabPanel idBase=...>. Default a generated id. */
  idBase?: string;
  orientation?: 'horizontal' | 'vertical';
  className?: string;
  'data-testid'?: string;
};

export const getTabId = (idBase: string, key: string) => `${idBase}-tab-${key}`;
export const getTabPanelId = (idBase: string, key: string) => `${idBase}-panel-${key}`;

/**
 * Accessible tab list (WAI-ARIA tabs, automatic activation): arrow keys move and select
 * (Left/Right and Up/Down both work, so a list that wraps on phones stays usable), Home/End jump.
 */
export function Tabs<K extends string>({
  items,
  value,
  onChange,
  label,
  idBase,
  orientation = 'horizontal',
  className,
  'data-testid': testId,
}: TabsProps<K>) {
  const generated = useId();
  const base = idBase ?? generated;
  const refs = useRef(new Map<K, HTMLButtonElement>());

  const enabled = items.filter((i) => !i.disabled);
  const move = (event: KeyboardEvent<HTMLButtonElement>, current: K) => {
    const index = enabled.findIndex((i) => i.key === current);
    let next: TabItem<K> | undefined;
    switch (event.key) {
      case 'ArrowRight':
      case 'ArrowDown':
        next = enabled[(index + 1) % enabled.length];
        break;
      case 'ArrowLeft':
      case 'ArrowUp':
        next = enabled[(index - 1 + enabled.length) % enabled.length];
        break;
      case 'Home':
        next = enabled[0];
        break;
      case 'End':
        next = enabled[enabled.length - 1];
        break;
      default:
        return;
    }
    event.preventDefault();
    if (!next) return;
    onChange(next.key);
    refs.current.get(next.key)?.focus();
  };

  return (
    <div
      role="tablist"
      aria-label={label}
      aria-orientation={orientation}
      className={`ui-tabs ui-tabs--${orientation}${className ? ` ${className}` : ''}`}
      data-testid={testId}
    >
      {items.map((item) => {
        const selected = item.key === value;
        return (
          <button
            key={item.key}
            ref={(el) => {
              if (el) refs.current.set(item.key, el);
              else refs.current.delete(item.key);
            }}
            type="button"
            role="tab"
            id={getTabId(base, item.key)}
            aria-selected={selected}
            aria-controls={getTabPanelId(base, item.key)}
            tabIndex={selected ? 0 : -1}
            disabled={item.disabled}
            className="ui-tabs__tab"
            onClick={() => onChange(item.key)}
            onKeyDown={(e) => move(e, item.key)}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}

export type TabPanelProps = {
  idBase: string;
  tabKey: string;
  children: ReactNode;
  className?: string;
};

/** The panel of the selected tab (render only the selected one). */
export function TabPanel({ idBase, tabKey, children, className }: TabPanelProps) {
  return (
    <div
      role="tabpanel"
      id={getTabPanelId(idBase, tabKey)}
      aria-labelledby={getTabId(idBase, tabKey)}
      tabIndex={0}
      className={`ui-tabs__panel${className ? ` ${className}` : ''}`}
    >
      {children}
    </div>
  );
}
