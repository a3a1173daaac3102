import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setTestLanguage } from '@/test/render';
import { Modal, MODAL_DEFAULT_HEIGHT, MODAL_DEFAULT_WIDTH, type ModalProps } from './modal';

function Harness(props: Partial<ModalProps> & { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <Modal
        title="Title"
        {...props}
        open={open}
        onClose={() => {
          props.onClose?.();
          setOpen(false);
        }}
      >
        <input aria-label="first" />
        <button type="button">inner</button>
      </Modal>
    </>
  );
}

beforeAll(() => setTestLanguage('en'));
afterEach(() => {
  vi.useRealTimers();
  document.body.style.overflow = '';
});

describe('Modal', () => {
  it('2.MOD.05 closes on Escape', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    await user.click(screen.getByText('open'));
    expect(screen.getByRole('dialog', { name: 'Title' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('2.MOD.05 closes on its close button (translated label)', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByText('open'));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('2.MOD.05 closes on a background click by default, and not when closeOnCover is false', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Harness />);
    await user.click(screen.getByText('open'));
    await user.click(screen.getByTestId('modal-cover'));
    expect(screen.queryByRole('dialog')).toBeNull();
    unmount();

    render(<Harness closeOnCover={false} />);
    await user.click(screen.getByText('open'));
    await user.click(screen.getByTestId('modal-cover'));
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('2.MOD.07 defaults to width 600 and height 300', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByText('open'));
    const panel = screen.getByTestId('modal-panel');
    expect(MODAL_DEFAULT_WIDTH).toBe(600);
    expect(MODAL_DEFAULT_HEIGHT).toBe(300);
    expect(panel.style.width).toBe('600px');
    expect(panel.style.minHeight).toBe('300px');
  });

  it('locks body scroll while open and restores it on close', async () => {
    const user = userEvent.setup();
    document.body.style.overflow = 'scroll';
    render(<Harness />);
    await user.click(screen.getByText('open'));
    expect(document.body.style.overflow).toBe('hidden');
    await user.keyboard('{Escape}');
    expect(document.body.style.overflow).toBe('scroll');
  });

  it('traps Tab inside the panel and returns focus to the opener on close', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByText('open');
    await user.click(opener);
    // Issue 11: the first field takes the focus when the modal opens.
    expect(document.activeElement).toBe(screen.getByLabelText('first'));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByText('inner'));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByText('inner'));
    await user.keyboard('{Escape}');
    expect(document.activeElement).toBe(opener);
  });

  it('a modal without a field focuses its panel and renders no header/footer landmarks', async () => {
    render(
      <Modal open onClose={() => {}} title="Notice" footer={<button type="button">ok</button>}>
        <p>text</p>
      </Modal>,
    );
    expect(document.activeElement).toBe(screen.getByTestId('modal-panel'));
    // Issue 11: the page's banner and contentinfo stay the only ones.
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });

  it('shows only after the open delay (registration popup: 100 ms)', () => {
    vi.useFakeTimers();
    render(<Modal open onClose={() => {}} delay={100} width={200} height={200} title="Later" />);
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(99);
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByTestId('modal-panel').style.width).toBe('200px');
  });

  it('can be dragged by its header when draggable', async () => {
    render(<Modal open onClose={() => {}} draggable title="Drag me" />);
    const header = screen.getByText('Drag me').parentElement as HTMLElement;
    fireEvent.pointerDown(header, { pointerId: 1, button: 0, clientX: 100, clientY: 100 });
    fireEvent.pointerMove(header, { pointerId: 1, clientX: 130, clientY: 90 });
    fireEvent.pointerUp(header, { pointerId: 1 });
    expect(screen.getByTestId('modal-panel').style.transform).toBe('translate(30px, -10px)');
  });

  it('only the topmost modal closes on Escape', async () => {
    const user = userEvent.setup();
    const outer = vi.fn();
    const inner = vi.fn();
    render(
      <>
        <Modal open onClose={outer} title="Outer" data-testid="outer" />
        <Modal open onClose={inner} title="Inner" data-testid="inner" />
      </>,
    );
    await user.keyboard('{Escape}');
    expect(inner).toHaveBeenCalledTimes(1);
    expect(outer).not.toHaveBeenCalled();
  });
});
