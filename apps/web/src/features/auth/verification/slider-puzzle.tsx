import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { TSliderChallenge } from '@lotus/contracts/auth';
import { isApiError } from '@/lib/api-client';
import { answerSlider } from './api/answer-slider';
import { CaptchaField } from './captcha-field';
import { getSliderChallenge } from './api/get-slider-challenge';
import { getErrorText } from '@/lib/error-text';
import { clamp, createTraceRecorder, getMaxX, getScale, toDisplayX, toImageX, type TracePoint } from './slider-math';
import './slider.css';

type Status = 'loading' | 'ready' | 'dragging' | 'checking' | 'solved' | 'error';

/** How long the failure shake lasts (ms). */
const SHAKE_MS = 500;

/** The width available to the puzzle (the frame's parent), followed as the window resizes. */
function useAvailableWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setWidth(el.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') {
      window.addEventListener('resize', measure);
      return () => window.removeEventListener('resize', measure);
    }
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

export type SliderPuzzleProps = {
  /** Called once with the single-use token when the puzzle is solved. */
  onSolved: (token: string) => void;
};

/**
 * The slider puzzle (decision 4.REG.09): the server's background with a gap, the piece on the gap's
 * row, and a track whose handle moves the piece. Drag with a mouse or a finger (pointer events), or
 * focus the handle and use the arrow keys (Shift: 10 px), Home/End, then Enter. On release the drop
 * offset (image pixels) and the drag trace [x, y, ms] are posted; a wrong answer shakes the puzzle
 * and brings a new one. After a few wrong answers from an address the server asks for a captcha
 * with every answer (details.captchaRequired, docs/adr/0020): the captcha field appears below.
 */
export function SliderPuzzle({ onSolved }: SliderPuzzleProps) {
  const { t } = useTranslation('auth-verify');
  const [challenge, setChallenge] = useState<TSliderChallenge | null>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [pos, setPos] = useState(0);
  const [message, setMessage] = useState('');
  const [shaking, setShaking] = useState(false);
  const [captchaShown, setCaptchaShown] = useState(false);
  const [captcha, setCaptcha] = useState('');
  const [captchaId, setCaptchaId] = useState<string | null>(null);
  const [captchaRefresh, setCaptchaRefresh] = useState(0);
  const { ref: boxRef, width: available } = useAvailableWidth();

  const recorder = useRef(createTraceRecorder());
  const drag = useRef<{ pointerId: number; startX: number; startY: number; base: number; y: number } | null>(null);
  const loadSeq = useRef(0);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  /** Fetches a puzzle; state changes only after the answer (a newer request wins). */
  const fetchChallenge = useCallback(async (seq: number) => {
    try {
      const next = await getSliderChallenge();
      if (!mounted.current || seq !== loadSeq.current) return;
      setChallenge(next);
      setStatus('ready');
    } catch (error) {
      if (!mounted.current || seq !== loadSeq.current) return;
      setChallenge(null);
      setMessage(getErrorText(error));
      setStatus('error');
    }
  }, []);

  /** A new puzzle (refresh button, after a wrong answer). */
  const load = () => {
    recorder.current.cancel();
    drag.current = null;
    setStatus('loading');
    setPos(0);
    void fetchChallenge(++loadSeq.current);
  };

  useEffect(() => {
    void fetchChallenge(++loadSeq.current);
  }, [fetchChallenge]);

  useEffect(() => {
    if (!shaking) return;
    const timer = window.setTimeout(() => setShaking(false), SHAKE_MS);
    return () => window.clearTimeout(timer);
  }, [shaking]);

  const scale = challenge ? getScale(available, challenge.width) : 1;
  const maxX = challenge ? getMaxX(challenge.width, challenge.pieceSize) : 0;
  const interactive = !!challenge && (status === 'ready' || status === 'dragging');
  // Issue 11: the hint says "use the arrow keys", so once the puzzle is ready the handle takes the
  // focus (unless the player has already moved it elsewhere, e.g. into the captcha field).
  const handleRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (status !== 'ready') return;
    const active = document.activeElement;
    if (!active || active === document.body || active.getAttribute('role') === 'dialog') handleRef.current?.focus({ preventScroll: true });
  }, [status]);

  const submit = async (x: number, trace: TracePoint[]) => {
    if (!challenge) return;
    setStatus('checking');
    const withCaptcha = captchaShown && captchaId ? { captchaId, captcha: captcha.trim() } : {};
    try {
      const token = await answerSlider({ challengeId: challenge.challengeId, x, trace, ...withCaptcha });
      if (!mounted.current) return;
      setStatus('solved');
      setMessage(t('slider.solved'));
      onSolved(token);
    } catch (error) {
      if (!mounted.current) return;
      setShaking(true);
      setMessage(isApiError(error) && error.code === 'slider_invalid' ? t('slider.failed') : getErrorText(error));
      const wantsCaptcha =
        isApiError(error) &&
        (error.details.hints?.captchaRequired === true || error.code === 'captcha_required' || error.code === 'captcha_invalid');
      // A captcha is spent by any answer: show a fresh one whenever one is (still) wanted.
      if (wantsCaptcha) {
        setCaptchaShown(true);
        setCaptchaRefresh((n) => n + 1);
      }
      load();
    }
  };

  // ---------- pointer (mouse, touch, pen) ----------
  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (!interactive || (event.pointerType === 'mouse' && event.button !== 0)) return;
    event.preventDefault();
    event.currentTarget.focus({ preventScroll: true });
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { pointerId: event.pointerId, startX: event.clientX, startY: event.clientY, base: pos, y: 0 };
    recorder.current.start();
    setMessage('');
    setStatus('dragging');
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== event.pointerId) return;
    const x = toImageX(toDisplayX(d.base, scale) + event.clientX - d.startX, scale, maxX);
    d.y = (event.clientY - d.startY) / scale;
    recorder.current.move(x, d.y);
    setPos(x);
  };
  const finishDrag = (event: ReactPointerEvent<HTMLDivElement>, cancelled: boolean) => {
    const d = drag.current;
    if (!d || d.pointerId !== event.pointerId) return;
    drag.current = null;
    const x = toImageX(toDisplayX(d.base, scale) + event.clientX - d.startX, scale, maxX);
    if (cancelled || x < 1) {
      // A click without a drag, or the browser took the pointer away: nothing to check.
      recorder.current.cancel();
      setPos(0);
      setStatus('ready');
      return;
    }
    setPos(x);
    void submit(x, recorder.current.end(x, (event.clientY - d.startY) / scale));
  };

  // ---------- keyboard ----------
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!interactive) return;
    const step = event.shiftKey ? 10 : 1;
    let next: number | null = null;
    switch (event.key) {
      case 'ArrowRight':
      case 'ArrowUp':
        next = pos + step;
        break;
      case 'ArrowLeft':
      case 'ArrowDown':
        next = pos - step;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = maxX;
        break;
      case 'Enter':
        event.preventDefault();
        event.stopPropagation();
        if (recorder.current.active && pos >= 1) void submit(pos, recorder.current.end(pos, 0));
        return;
      default:
        return;
    }
    event.preventDefault();
    const x = clamp(next, 0, maxX);
    if (!recorder.current.active) {
      recorder.current.start();
      setMessage('');
    }
    recorder.current.move(x, 0);
    setPos(x);
  };

  const displayWidth = challenge ? challenge.width * scale : undefined;
  const pieceDisplay = challenge ? challenge.pieceSize * scale : 0;

  return (
    <div className="slider-puzzle" data-testid="slider-puzzle" data-status={status} ref={boxRef}>
      <div
        className={`slider-puzzle__frame${shaking ? ' slider-puzzle__frame--shake' : ''}`}
        style={challenge ? { width: displayWidth, height: challenge.height * scale } : undefined}
        data-testid="slider-frame"
        data-scale={scale}
      >
        {challenge ? (
          <>
            <img
              className="slider-puzzle__background"
              src={`data:image/png;base64,${challenge.background}`}
              alt={t('slider.image_alt')}
              width={challenge.width * scale}
              height={challenge.height * scale}
              draggable={false}
              data-testid="slider-background"
            />
            <img
              className="slider-puzzle__piece"
              src={`data:image/png;base64,${challenge.piece}`}
              alt=""
              aria-hidden="true"
              draggable={false}
              style={{ left: toDisplayX(pos, scale), top: challenge.pieceY * scale, width: pieceDisplay, height: pieceDisplay }}
              data-testid="slider-piece"
            />
          </>
        ) : (
          <div className="slider-puzzle__placeholder">{status === 'loading' ? t('slider.loading') : null}</div>
        )}
        <button
          type="button"
          className="slider-puzzle__refresh"
          onClick={() => {
            setMessage('');
            load();
          }}
          disabled={status === 'loading' || status === 'checking'}
          aria-label={t('slider.refresh')}
          title={t('slider.refresh')}
          data-testid="slider-refresh"
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path
              d="M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </button>
      </div>
      <div className="slider-puzzle__track" style={{ width: displayWidth }} data-testid="slider-track">
        <div className="slider-puzzle__fill" style={{ width: toDisplayX(pos, scale) + pieceDisplay / 2 }} aria-hidden="true" />
        <span className="slider-puzzle__track-label" aria-hidden="true">
          {t('slider.track_hint')}
        </span>
        <div
          ref={handleRef}
          className="slider-puzzle__handle"
          role="slider"
          tabIndex={interactive ? 0 : -1}
          aria-label={t('slider.handle_label')}
          aria-valuemin={0}
          aria-valuemax={maxX}
          aria-valuenow={Math.round(pos)}
          aria-valuetext={t('slider.handle_value', { x: Math.round(pos), max: maxX })}
          aria-disabled={!interactive}
          aria-describedby="slider-puzzle-help"
          style={{ left: toDisplayX(pos, scale), width: Math.max(pieceDisplay, 32) }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={(e) => finishDrag(e, false)}
          onPointerCancel={(e) => finishDrag(e, true)}
          onKeyDown={onKeyDown}
          data-testid="slider-handle"
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M5 12h14M13 6l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </div>
      </div>
      <p id="slider-puzzle-help" className="slider-puzzle__help">
        {t('slider.keyboard_help')}
      </p>
      <p
        className={`slider-puzzle__message${status === 'solved' ? ' slider-puzzle__message--ok' : ''}`}
        role="status"
        aria-live="polite"
        data-testid="slider-message"
      >
        {status === 'checking' ? t('slider.checking') : message}
      </p>
      {captchaShown && (
        <CaptchaField
          value={captcha}
          onChange={setCaptcha}
          onCaptchaId={setCaptchaId}
          refreshSignal={captchaRefresh}
        />
      )}
      {status === 'error' && (
        <button type="button" className="btn btn--outline btn--sm" onClick={load} data-testid="slider-retry">
          {t('slider.retry')}
        </button>
      )}
    </div>
  );
}
