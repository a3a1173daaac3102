import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, mockApi, setTestLanguage } from '@/test/render';
import { SliderHost } from './slider-host';
import { SliderPuzzle } from './slider-puzzle';
import { cancelSlider, verifyWithSlider } from './slider-store';

beforeAll(() => setTestLanguage('en'));

const challenge = (id: string) => ({
  challengeId: id,
  background: 'iVBORw0KGgo=',
  piece: 'iVBORw0KGgo=',
  width: 300,
  height: 160,
  pieceSize: 50,
  pieceY: 40,
});

type Answer = { challengeId: string; x: number; trace: [number, number, number][] };

function mockSlider({ accept = true }: { accept?: boolean } = {}) {
  let n = 0;
  const answers: Answer[] = [];
  const fetchMock = mockApi({
    '/wps/verification/slider': (_url, init) => {
      if (init?.method === 'POST') {
        answers.push(JSON.parse(String(init.body)) as Answer);
        return accept ? { sliderToken: 'token-1' } : errorResponse('slider_invalid');
      }
      n += 1;
      return challenge(`c${n}`);
    },
  });
  return { fetchMock, answers, challenges: () => n };
}

/** Makes elements report this width (happy-dom does no layout). */
function setAvailableWidth(width: number) {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(width);
}

/** Drags the handle like a hand: press, several moves over time, release. */
async function drag(handle: HTMLElement, dx: number, { steps = 6, msPerStep = 40 } = {}) {
  const now = { t: performance.now() };
  vi.spyOn(performance, 'now').mockImplementation(() => now.t);
  fireEvent.pointerDown(handle, { pointerId: 1, clientX: 100, clientY: 300, button: 0, pointerType: 'mouse' });
  for (let i = 1; i <= steps; i++) {
    now.t += msPerStep;
    fireEvent.pointerMove(handle, { pointerId: 1, clientX: 100 + (dx * i) / steps, clientY: 300 + (i % 2), pointerType: 'mouse' });
  }
  now.t += msPerStep;
  await act(async () => {
    fireEvent.pointerUp(handle, { pointerId: 1, clientX: 100 + dx, clientY: 301, pointerType: 'mouse' });
  });
}

/** The handle once the first puzzle is shown. */
async function readyHandle() {
  await screen.findByTestId('slider-piece');
  return screen.getByRole('slider');
}

afterEach(() => {
  cancelSlider();
  vi.useRealTimers();
});

describe('SliderPuzzle (decision 4.REG.09)', () => {
  beforeEach(() => setAvailableWidth(300));

  it('4.REG.09 shows the background, the piece on its row and an accessible slider handle', async () => {
    mockSlider();
    render(<SliderPuzzle onSolved={() => {}} />);
    const piece = await screen.findByTestId('slider-piece');
    expect(screen.getByTestId('slider-background').getAttribute('src')).toContain('data:image/png;base64,');
    expect(piece.style.top).toBe('40px');
    expect(piece.style.left).toBe('0px');
    const handle = screen.getByRole('slider', { name: /puzzle slider/i });
    expect(handle.getAttribute('aria-valuemax')).toBe('250');
  });

  it('4.REG.09 a mouse drag records the trace [x, y, ms] and posts {challengeId, x, trace} on release', async () => {
    const { answers } = mockSlider();
    const onSolved = vi.fn();
    render(<SliderPuzzle onSolved={onSolved} />);
    const handle = await readyHandle();
    await drag(handle, 120);
    await waitFor(() => expect(onSolved).toHaveBeenCalledWith('token-1'));
    expect(answers).toHaveLength(1);
    const answer = answers[0]!;
    expect(answer.challengeId).toBe('c1');
    expect(answer.x).toBe(120);
    expect(answer.trace[0]).toEqual([0, 0, 0]);
    expect(answer.trace.at(-1)).toEqual([120, 1, 280]);
    expect(answer.trace.length).toBeGreaterThanOrEqual(3);
    // time never runs backwards
    for (let i = 1; i < answer.trace.length; i++) expect(answer.trace[i]![2]).toBeGreaterThanOrEqual(answer.trace[i - 1]![2]);
  });

  it('4.REG.09 on a narrow phone the puzzle is scaled and x is sent back in image pixels', async () => {
    setAvailableWidth(150); // scale 0.5
    const { answers } = mockSlider();
    render(<SliderPuzzle onSolved={() => {}} />);
    const handle = await readyHandle();
    expect(screen.getByTestId('slider-frame').style.width).toBe('150px');
    expect(screen.getByTestId('slider-piece').style.width).toBe('25px');
    await drag(handle, 60); // 60 CSS px on screen = 120 image px
    await waitFor(() => expect(answers).toHaveLength(1));
    expect(answers[0]!.x).toBe(120);
    expect(answers[0]!.trace.at(-1)![0]).toBe(120);
    expect(answers[0]!.trace.at(-1)![1]).toBe(2); // y is scaled too (1 CSS px = 2 image px)
  });

  it('4.REG.09 a wrong answer shakes the puzzle and fetches a new challenge', async () => {
    const { answers, challenges } = mockSlider({ accept: false });
    const onSolved = vi.fn();
    render(<SliderPuzzle onSolved={onSolved} />);
    const handle = await readyHandle();
    await drag(handle, 80);
    await waitFor(() => expect(challenges()).toBe(2));
    expect(answers).toHaveLength(1);
    expect(screen.getByTestId('slider-frame').className).toContain('slider-puzzle__frame--shake');
    expect(screen.getByTestId('slider-message').textContent).toMatch(/did not fit/i);
    expect(onSolved).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByTestId('slider-piece').style.left).toBe('0px'));
  });

  it('security #15 after a few wrong answers the server wants a captcha: it appears and goes with the next answer', async () => {
    const answers: Record<string, unknown>[] = [];
    let n = 0;
    mockApi({
      '/wps/verification/slider': (_url, init) => {
        if (init?.method === 'POST') {
          const answer = JSON.parse(String(init.body)) as Record<string, unknown>;
          answers.push(answer);
          if (!answer.captcha)
            return jsonResponse({ success: false, message: 'captcha_required', value: null, details: { captchaRequired: true } }, 400);
          return { sliderToken: 'token-2' };
        }
        n += 1;
        return challenge(`c${n}`);
      },
      '/wps/captcha': () =>
        new Response(JSON.stringify({ success: true, message: '', value: 'iVBORw0KGgo=' }), {
          status: 200,
          headers: { 'content-type': 'application/json', 'captcha-id': 'cap-1' },
        }),
    });
    const onSolved = vi.fn();
    render(<SliderPuzzle onSolved={onSolved} />);
    await drag(await readyHandle(), 80);
    await screen.findByTestId('captcha-image');
    expect(screen.getByTestId('slider-message').textContent).toBe('Please enter the captcha');
    fireEvent.change(screen.getByTestId('captcha-input'), { target: { value: 'ab12' } });
    await drag(await readyHandle(), 90);
    await waitFor(() => expect(onSolved).toHaveBeenCalledWith('token-2'));
    expect(answers).toHaveLength(2);
    expect(answers[0]!.captcha).toBeUndefined();
    expect(answers[1]).toMatchObject({ challengeId: 'c2', captchaId: 'cap-1', captcha: 'ab12' });
  });

  it('4.REG.09 the refresh button brings a new puzzle', async () => {
    const { challenges } = mockSlider();
    render(<SliderPuzzle onSolved={() => {}} />);
    await readyHandle();
    fireEvent.click(screen.getByTestId('slider-refresh'));
    await waitFor(() => expect(challenges()).toBe(2));
  });

  it('4.REG.09 the keyboard moves the handle with the arrow keys and Enter submits', async () => {
    const { answers } = mockSlider();
    const onSolved = vi.fn();
    render(<SliderPuzzle onSolved={onSolved} />);
    await screen.findByTestId('slider-piece');
    const handle = screen.getByRole('slider');
    fireEvent.keyDown(handle, { key: 'ArrowRight', shiftKey: true });
    fireEvent.keyDown(handle, { key: 'ArrowRight', shiftKey: true });
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    fireEvent.keyDown(handle, { key: 'ArrowLeft' });
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    expect(handle.getAttribute('aria-valuenow')).toBe('21');
    await act(async () => {
      fireEvent.keyDown(handle, { key: 'Enter' });
    });
    await waitFor(() => expect(onSolved).toHaveBeenCalledWith('token-1'));
    expect(answers[0]!.x).toBe(21);
    expect(answers[0]!.trace[0]).toEqual([0, 0, 0]);
  });

  it('a click without a drag sends nothing', async () => {
    const { answers } = mockSlider();
    render(<SliderPuzzle onSolved={() => {}} />);
    const handle = await readyHandle();
    await drag(handle, 0, { steps: 1 });
    expect(answers).toHaveLength(0);
  });
});

describe('verifyWithSlider + SliderHost', () => {
  beforeEach(() => setAvailableWidth(300));

  it('4.REG.05 opens the puzzle in a modal and resolves the single-use token when solved', async () => {
    mockSlider();
    render(<SliderHost />);
    let result: Promise<string | null> | undefined;
    act(() => {
      result = verifyWithSlider();
    });
    const dialog = await screen.findByRole('dialog', { name: /security check/i });
    expect(dialog).toBeTruthy();
    await drag(await readyHandle(), 100);
    await expect(result).resolves.toBe('token-1');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('4.REG.05 resolves null when the user closes the puzzle', async () => {
    mockSlider();
    render(<SliderHost />);
    let result: Promise<string | null> | undefined;
    act(() => {
      result = verifyWithSlider();
    });
    await readyHandle();
    fireEvent.click(screen.getByTestId('slider-modal-close'));
    await expect(result).resolves.toBeNull();
  });

  it('a second call while a puzzle is open shares its answer', () => {
    const a = verifyWithSlider();
    const b = verifyWithSlider();
    expect(b).toBe(a);
  });
});
