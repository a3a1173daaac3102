import { describe, expect, it } from 'vitest';
import { checkSliderAnswer, humanTrace } from './slider.rules';

describe('slider answer (decision 4.REG.09)', () => {
  it('4.REG.05 accepts a human drag onto the gap, within 6 px', () => {
    expect(checkSliderAnswer(120, humanTrace(120), 120)).toEqual({ ok: true });
    expect(checkSliderAnswer(126, humanTrace(126), 120)).toEqual({ ok: true });
    expect(checkSliderAnswer(114, humanTrace(114), 120)).toEqual({ ok: true });
  });

  it('4.REG.05 refuses a drop off the gap', () => {
    expect(checkSliderAnswer(127, humanTrace(127), 120)).toEqual({ ok: false, reason: 'offset' });
    expect(checkSliderAnswer(40, humanTrace(40), 120)).toEqual({ ok: false, reason: 'offset' });
  });

  it('4.REG.05 refuses short, backwards, too fast or mismatching traces', () => {
    expect(
      checkSliderAnswer(
        120,
        [
          [0, 0, 0],
          [120, 0, 200],
        ],
        120,
      ).ok,
    ).toBe(false);
    expect(
      checkSliderAnswer(
        120,
        [
          [0, 0, 0],
          [60, 1, 300],
          [120, 2, 100],
        ],
        120,
      ),
    ).toEqual({ ok: false, reason: 'trace' });
    expect(checkSliderAnswer(120, humanTrace(120, 10, 80), 120)).toEqual({ ok: false, reason: 'duration' });
    expect(checkSliderAnswer(120, humanTrace(60), 120)).toEqual({ ok: false, reason: 'trace' });
    expect(
      checkSliderAnswer(
        120,
        [
          [50, 0, 0],
          [80, 1, 100],
          [120, 2, 300],
        ],
        120,
      ),
    ).toEqual({ ok: false, reason: 'trace' });
  });

  it('4.REG.05 refuses a perfectly flat constant-speed line', () => {
    const robot: [number, number, number][] = Array.from({ length: 11 }, (_, i) => [i * 12, 5, i * 50]);
    expect(checkSliderAnswer(120, robot, 120)).toEqual({ ok: false, reason: 'robotic' });
  });
});
