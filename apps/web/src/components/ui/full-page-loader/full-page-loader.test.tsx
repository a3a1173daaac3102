import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setTestLanguage } from '@/test/render';
import { FullPageLoader } from './full-page-loader';

describe('FullPageLoader', () => {
  it('2.MOD.08 covers the page as a busy status with a translated label', async () => {
    await setTestLanguage('en');
    const { rerender } = render(<FullPageLoader />);
    const loader = screen.getByRole('status');
    expect(loader.getAttribute('aria-busy')).toBe('true');
    expect(loader.className).toContain('ui-full-page-loader');
    expect(loader.textContent).toContain('Loading');
    rerender(<FullPageLoader visible={false} />);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('2.MOD.08 is Thai by default language', async () => {
    await setTestLanguage('th');
    render(<FullPageLoader />);
    expect(screen.getByRole('status').textContent).toContain('กำลังโหลด');
    await setTestLanguage('en');
  });
});
