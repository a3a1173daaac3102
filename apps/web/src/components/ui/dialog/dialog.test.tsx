import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setTestLanguage } from '@/test/render';
import { Dialog, DIALOG_DEFAULT_WIDTH } from './dialog';
import { DialogHost } from './dialog-host';
import { showDialog, useDialogStore } from './dialog-store';

beforeAll(() => setTestLanguage('en'));
afterEach(() => {
  vi.useRealTimers();
  useDialogStore.setState({ dialogs: [] });
});

describe('Dialog', () => {
  it('2.MOD.02 shows an icon, a title, sanitised HTML and buttons', () => {
    render(
      <Dialog
        open
        onClose={() => {}}
        icon="warning"
        title="Careful"
        html={'<p>Hello <b>there</b></p><img src="x" onerror="alert(1)"><script>alert(2)</script>'}
        buttons={[{ label: 'No' }, { label: 'Yes', isDefault: true }]}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Careful' })).toBeTruthy();
    expect(document.querySelector('[data-icon="warning"]')).not.toBeNull();
    const html = screen.getByTestId('dialog-html');
    expect(html.querySelector('b')?.textContent).toBe('there');
    expect(html.innerHTML).not.toContain('onerror');
    expect(html.innerHTML).not.toContain('script');
    expect(screen.getByRole('button', { name: 'No' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Yes' })).toBeTruthy();
  });

  it('2.MOD.07 has a default width of 400', () => {
    render(<Dialog open onClose={() => {}} title="W" />);
    expect(DIALOG_DEFAULT_WIDTH).toBe(400);
    expect(screen.getByTestId('dialog-panel').style.width).toBe('400px');
  });

  it('2.MOD.03 a background click closes it when coverClick is on (default)', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Dialog open onClose={onClose} title="C" />);
    await user.click(screen.getByTestId('dialog-cover'));
    expect(onClose).toHaveBeenCalledWith(null);
  });

  it('2.MOD.03 a background click does not close it when coverClick is false', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Dialog open onClose={onClose} title="C" coverClick={false} />);
    await user.click(screen.getByTestId('dialog-cover'));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('2.MOD.05 Escape and the close button close it with null', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Dialog open onClose={onClose} title="E" />);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenLastCalledWith(null);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('2.MOD.06 Enter triggers the single button', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    const onClose = vi.fn();
    render(<Dialog open onClose={onClose} title="One" buttons={[{ label: 'Got it', onClick }]} />);
    // Focus starts on the default button; Enter from anywhere in the dialog also triggers it.
    screen.getByTestId('dialog-panel').focus();
    await user.keyboard('{Enter}');
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledWith(0);
  });

  it('2.MOD.06 Enter triggers the default button when there are several', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const cancel = vi.fn();
    const confirm = vi.fn();
    render(
      <Dialog
        open
        onClose={onClose}
        title="Two"
        buttons={[
          { label: 'Cancel', onClick: cancel },
          { label: 'Confirm', onClick: confirm, isDefault: true },
        ]}
      />,
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Confirm' }));
    await user.keyboard('{Enter}');
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(cancel).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalledWith(1);
  });

  it('2.MOD.06 Enter does nothing when several buttons have no default', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Dialog open onClose={onClose} title="None" buttons={[{ label: 'A' }, { label: 'B' }]} />);
    screen.getByTestId('dialog-panel').focus();
    await user.keyboard('{Enter}');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('2.MOD.04 closes by itself after the timeout', () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    render(<Dialog open onClose={onClose} title="T" timeout={3000} />);
    act(() => {
      vi.advanceTimersByTime(2999);
    });
    expect(onClose).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onClose).toHaveBeenCalledWith(null);
  });

  it('a button whose onClick returns false keeps the dialog open', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Dialog open onClose={onClose} title="K" buttons={[{ label: 'Stay', onClick: () => false }]} />);
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('showDialog resolves with the clicked button index through <DialogHost/>', async () => {
    const user = userEvent.setup();
    render(<DialogHost />);
    let result: Promise<number | null> = Promise.resolve(null);
    act(() => {
      result = showDialog({ title: 'Sure?', buttons: [{ label: 'No' }, { label: 'Yes', isDefault: true }] });
    });
    await user.click(await screen.findByRole('button', { name: 'No' }));
    await expect(result).resolves.toBe(0);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('showDialog resolves null on Escape and defaults to one translated OK button', async () => {
    const user = userEvent.setup();
    render(<DialogHost />);
    let result: Promise<number | null> = Promise.resolve(0);
    act(() => {
      result = showDialog({ icon: 'info', html: '<p>Saved</p>' });
    });
    expect(await screen.findByRole('button', { name: 'OK' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await expect(result).resolves.toBeNull();
  });
});
