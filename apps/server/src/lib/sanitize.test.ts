import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './sanitize';

describe('2.NOT.05 rich text sanitiser', () => {
  it('keeps formatting and removes scripts, handlers and dangerous links', () => {
    expect(
      sanitizeRichText('<h3>Title</h3><p><strong>bold</strong> <em>it</em></p><ul><li>a</li></ul>'),
    ).toBe('<h3>Title</h3><p><strong>bold</strong> <em>it</em></p><ul><li>a</li></ul>');
    expect(sanitizeRichText('<p onclick="x()">a<script>alert(1)</script></p>')).toBe('<p>a</p>');
    expect(sanitizeRichText('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeRichText('<iframe src="https://evil"></iframe><style>body{}</style>ok')).toBe('ok');
  });

  it('adds rel=noopener to links that open a new tab', () => {
    expect(sanitizeRichText('<a href="https://lotus.example" target="_blank">x</a>')).toBe(
      '<a href="https://lotus.example" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });
});
