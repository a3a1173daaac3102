import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import '@/test/render';
import { TabPanel, Tabs } from './tabs';

function Harness() {
  const [value, setValue] = useState<'a' | 'b' | 'c'>('a');
  return (
    <>
      <Tabs
        idBase="t"
        label="Sections"
        value={value}
        onChange={setValue}
        items={[
          { key: 'a', label: 'Alpha' },
          { key: 'b', label: 'Beta', disabled: true },
          { key: 'c', label: 'Gamma' },
        ]}
      />
      <TabPanel idBase="t" tabKey={value}>
        panel {value}
      </TabPanel>
    </>
  );
}

describe('Tabs', () => {
  it('is a labelled tablist; arrows skip disabled tabs and wrap; the panel follows', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.getByRole('tablist', { name: 'Sections' })).toBeTruthy();
    const alpha = screen.getByRole('tab', { name: 'Alpha' });
    expect(alpha.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe('t-tab-a');
    alpha.focus();
    await user.keyboard('{ArrowRight}');
    const gamma = screen.getByRole('tab', { name: 'Gamma' });
    expect(gamma.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(gamma);
    expect(screen.getByRole('tabpanel').textContent).toBe('panel c');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Alpha' }).getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{End}');
    expect(gamma.getAttribute('aria-selected')).toBe('true');
    expect(gamma.tabIndex).toBe(0);
    expect(alpha.tabIndex).toBe(-1);
  });
});
