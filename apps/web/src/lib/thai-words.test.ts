import { describe, expect, it } from 'vitest';
import { keepThaiWords, THAI_GLUED_WORDS, thaiRuns } from './thai-words';

describe('Thai words kept whole (issue 25)', () => {
  it('2.NOT.04 a loanword the dictionary splits becomes one run that must not break; the rest is left to the browser', () => {
    expect(thaiRuns('รับคืนยอดเสียจากสล็อตและคาสิโนสด')).toEqual([
      { text: 'รับคืนยอดเสียจากสล็อตและ', keep: false },
      { text: 'คาสิโน', keep: true },
      { text: 'สด', keep: false },
    ]);
    expect(thaiRuns('Plain English')).toEqual([{ text: 'Plain English', keep: false }]);
  });

  it('2.NOT.04 each glued word is one the browser splits, alone or in a sentence (Intl.Segmenter: the same ICU dictionary)', () => {
    const segmenter = new Intl.Segmenter('th', { granularity: 'word' });
    const split = (text: string, word: string) => {
      const at = text.indexOf(word);
      return [...segmenter.segment(text)].some((s) => s.index > at && s.index < at + word.length);
    };
    for (const word of THAI_GLUED_WORDS) expect(split(word, word) || split(`${word}สด`, word), word).toBe(true);
  });

  it('2.NOT.04 in notice HTML each glued word is wrapped in span.thai-word, markup and other text untouched', () => {
    expect(keepThaiWords('<p>ติดต่อผ่าน<a href="/help">แชทสด</a> <strong>โปรโมชั่น</strong></p>')).toBe(
      '<p>ติดต่อผ่าน<a href="/help"><span class="thai-word">แชท</span>สด</a> <strong><span class="thai-word">โปรโมชั่น</span></strong></p>',
    );
  });
});
