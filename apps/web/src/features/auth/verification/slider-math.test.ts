import { describe, expect, it } from 'vitest';
import { createTraceRecorder, getMaxX, getScale, MAX_TRACE_POINTS, toDisplayX, toImageX } from './slider-math';

describe('slider math (decision 4.REG.09)', () => {
  it('4.REG.09 scales the puzzle down to the available width, never up', () => {
    expect(getScale(300, 300)).toBe(1);
    expect(getScale(800, 300)).toBe(1);
    // A 390 px phone: the modal body leaves ~326 px; narrower screens shrink the 300 px image.
    expect(getScale(150, 300)).toBe(0.5);
    expect(getScale(0, 300)).toBe(1);
  });

  it('4.REG.09 turns a displayed offset back into image pixels, clamped to the track', () => {
    const maxX = getMaxX(300, 50);
    expect(maxX).toBe(250);
    expect(toImageX(60, 0.5, maxX)).toBe(120);
    expect(toImageX(-10, 0.5, maxX)).toBe(0);
    expect(toImageX(400, 0.5, maxX)).toBe(250);
    expect(toImageX(33.33, 1, maxX)).toBe(33.3);
    expect(toDisplayX(120, 0.5)).toBe(60);
  });

  it('4.REG.09 records the drag trace [x, y, ms]: starts at [0, 0, 0], throttles, ends at the drop point', () => {
    let now = 1000;
    const rec = createTraceRecorder(() => now);
    rec.start();
    now += 5;
    rec.move(1, 0); // too soon after the start point: skipped
    now += 20;
    rec.move(10, 1);
    now += 30;
    rec.move(40.04, -1.26);
    now += 100;
    const trace = rec.end(80, 2);
    expect(trace).toEqual([
      [0, 0, 0],
      [10, 1, 25],
      [40, -1.3, 55],
      [80, 2, 155],
    ]);
    expect(rec.active).toBe(false);
  });

  it('4.REG.09 keeps at most 600 points and always the drop point last', () => {
    let now = 0;
    const rec = createTraceRecorder(() => now);
    rec.start();
    for (let i = 1; i < 2000; i++) {
      now += 20;
      rec.move(i / 10, 0);
    }
    const trace = rec.end(250, 0);
    expect(trace.length).toBeLessThanOrEqual(MAX_TRACE_POINTS);
    expect(trace[trace.length - 1]![0]).toBe(250);
  });

  it('moves before start() or after cancel() are not recorded', () => {
    const rec = createTraceRecorder(() => 0);
    rec.move(5, 5);
    expect(rec.peek()).toEqual([]);
    rec.start();
    rec.cancel();
    expect(rec.peek()).toEqual([]);
  });
});
