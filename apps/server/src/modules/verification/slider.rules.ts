/**
 * The slider check (decision 4.REG.09): the piece must be dropped on the gap, and the drag trace
 * must look like a hand moved it. Pure: unit-tested beside this file.
 *
 * A trace is a list of [x, y, ms since the drag started]. Accepted when:
 * - the drop offset is within SLIDER_TOLERANCE_PX of the gap;
 * - the trace has at least 3 points, starts near the left edge and ends near the drop offset;
 * - time never runs backwards and the drag lasts 150 ms .. 30 s;
 * - it is not a machine line: a perfectly flat track (y never changes) at constant speed is refused.
 */
export const SLIDER_TOLERANCE_PX = 6;
export const SLIDER_MIN_DURATION_MS = 150;
export const SLIDER_MAX_DURATION_MS = 30_000;

export type SliderTrace = ReadonlyArray<readonly [number, number, number]>;
export type SliderVerdict = { ok: true } | { ok: false; reason: 'offset' | 'trace' | 'robotic' | 'duration' };

export function checkSliderAnswer(x: number, trace: SliderTrace, gapX: number): SliderVerdict {
  if (!Number.isFinite(x) || Math.abs(x - gapX) > SLIDER_TOLERANCE_PX) return { ok: false, reason: 'offset' };
  if (trace.length < 3) return { ok: false, reason: 'trace' };
  for (const [px, py, pt] of trace) {
    if (![px, py, pt].every(Number.isFinite)) return { ok: false, reason: 'trace' };
  }
  const first = trace[0]!;
  const last = trace[trace.length - 1]!;
  if (first[0] > 20 || Math.abs(last[0] - x) > 10) return { ok: false, reason: 'trace' };
  for (let i = 1; i < trace.length; i++) {
    if (trace[i]![2] < trace[i - 1]![2]) return { ok: false, reason: 'trace' };
  }
  const duration = last[2] - first[2];
  if (duration < SLIDER_MIN_DURATION_MS || duration > SLIDER_MAX_DURATION_MS)
    return { ok: false, reason: 'duration' };

  const flat = trace.every((p) => p[1] === first[1]);
  if (flat && isConstantSpeed(trace)) return { ok: false, reason: 'robotic' };
  return { ok: true };
}

/** True when every segment moves at (nearly) the same speed: coefficient of variation below 5%. */
function isConstantSpeed(trace: SliderTrace): boolean {
  const speeds: number[] = [];
  for (let i = 1; i < trace.length; i++) {
    const dt = trace[i]![2] - trace[i - 1]![2];
    const dx = trace[i]![0] - trace[i - 1]![0];
    if (dt <= 0) continue;
    speeds.push(dx / dt);
  }
  if (speeds.length < 2) return true;
  const mean = speeds.reduce((a, b) => a + b, 0) / speeds.length;
  if (mean === 0) return true;
  const variance = speeds.reduce((a, s) => a + (s - mean) ** 2, 0) / speeds.length;
  return Math.sqrt(variance) / Math.abs(mean) < 0.05;
}

/**
 * A human-like drag to `x` (ease-out with a little vertical wobble): what a person produces and
 * what the web app's slider reports. Used by the benchmark and tests as a real client would.
 */
export function humanTrace(x: number, steps = 12, durationMs = 600): [number, number, number][] {
  const out: [number, number, number][] = [];
  for (let i = 0; i <= steps; i++) {
    const p = i / steps;
    const eased = 1 - (1 - p) ** 3;
    out.push([
      Math.round(x * eased * 10) / 10,
      Math.round(Math.sin(i * 1.7) * 2),
      Math.round(durationMs * p),
    ]);
  }
  return out;
}
