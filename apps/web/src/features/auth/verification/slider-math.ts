/**
 * Pure helpers of the slider puzzle (decision 4.REG.09): scaling between the displayed puzzle and
 * the image coordinates the server checks, and the drag trace [x, y, ms] it inspects.
 *
 * The puzzle is drawn at `scale = displayWidth / imageWidth` (never above 1: on a 390 px phone the
 * 300 px image shrinks, on a desktop it keeps its size). The handle is as wide as the displayed
 * piece, so handle and piece travel the same distance; x is sent back in image pixels.
 */

export type TracePoint = [x: number, y: number, ms: number];

/** The server accepts at most 600 trace points (contracts ZSliderAnswer). */
export const MAX_TRACE_POINTS = 600;
/** Points closer together than this are not recorded (a pointer can fire every few ms). */
export const TRACE_MIN_INTERVAL_MS = 12;

/** Display scale of an image of `imageWidth` in `availableWidth` pixels (at most 1, above 0). */
export function getScale(availableWidth: number, imageWidth: number): number {
  if (!(availableWidth > 0) || !(imageWidth > 0)) return 1;
  return Math.min(1, availableWidth / imageWidth);
}

/** The furthest the piece can go, in image pixels. */
export function getMaxX(imageWidth: number, pieceSize: number): number {
  return Math.max(0, imageWidth - pieceSize);
}

/** A displayed offset (handle moved by this many CSS pixels) in image pixels, clamped to the track. */
export function toImageX(displayX: number, scale: number, maxX: number): number {
  const x = scale > 0 ? displayX / scale : displayX;
  return clamp(round1(x), 0, maxX);
}

/** An image offset in CSS pixels. */
export function toDisplayX(imageX: number, scale: number): number {
  return imageX * scale;
}

export const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
export const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * Records a drag: start() at press (the point [0, 0, 0]), move() while dragging (image pixels,
 * throttled), end() at release (the exact drop point is always the last one).
 */
export function createTraceRecorder(now: () => number = () => performance.now()) {
  let startedAt = 0;
  let points: TracePoint[] = [];
  let active = false;

  const push = (x: number, y: number, force: boolean) => {
    if (!active) return;
    const ms = Math.max(0, Math.round(now() - startedAt));
    const last = points[points.length - 1];
    if (!force && last && ms - last[2] < TRACE_MIN_INTERVAL_MS) return;
    if (!force && points.length >= MAX_TRACE_POINTS - 1) return;
    const point: TracePoint = [round1(x), round1(y), ms];
    if (force && points.length >= MAX_TRACE_POINTS) points[points.length - 1] = point;
    else points.push(point);
  };

  return {
    get active() {
      return active;
    },
    start() {
      startedAt = now();
      points = [];
      active = true;
      push(0, 0, true);
    },
    move(x: number, y: number) {
      push(x, y, false);
    },
    /** The finished trace (the drop point last); the recorder is then idle. */
    end(x: number, y: number): TracePoint[] {
      push(x, y, true);
      active = false;
      const trace = points;
      points = [];
      return trace;
    },
    cancel() {
      active = false;
      points = [];
    },
    /** Points so far (for tests). */
    peek(): readonly TracePoint[] {
      return points;
    },
  };
}

export type TraceRecorder = ReturnType<typeof createTraceRecorder>;
