import { useId, type ReactNode } from 'react';
import { TabPanel, Tabs, type TabItem } from '@/components/ui/tabs/tabs';

/**
 * The method tabs of an accounts form (registration: username or mobile; forgot password: email or
 * mobile) around the chosen method's form; with one method, that form alone.
 */
export function AccountTabs<K extends string>({
  items,
  value,
  onChange,
  label,
  testId,
  wrapTestId,
  children,
}: {
  items: TabItem<K>[];
  value: K;
  onChange: (key: K) => void;
  /** The tab list's accessible name. */
  label: string;
  testId: string;
  wrapTestId?: string;
  children: ReactNode;
}) {
  const idBase = `${useId()}-tabs`;
  if (items.length < 2) return children;
  return (
    <div className="acc-tabs" data-testid={wrapTestId}>
      <Tabs
        items={items}
        value={value}
        onChange={onChange}
        label={label}
        idBase={idBase}
        className="acc-form__tabs"
        data-testid={testId}
      />
      <TabPanel idBase={idBase} tabKey={value}>
        {children}
      </TabPanel>
    </div>
  );
}
