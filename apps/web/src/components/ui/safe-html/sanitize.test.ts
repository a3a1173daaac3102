// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import DOMPurify from 'dompurify';
import { sanitizeHtml } from './sanitize';

/**
 * Runs in jsdom: happy-dom's NodeIterator is not spec-compliant, so DOMPurify is unreliable under it
 * (cure53/DOMPurify#1457). In jsdom, as in browsers, DOMPurify does the real work; sanitizeHtml's second
 * allow-list pass is defence in depth. These tests hold for both layers together and for DOMPurify alone.
 */
describe('sanitizeHtml', () => {
  it('strips <script> and event handlers, keeps formatting', () => {
    const out = sanitizeHtml(
      '<p>a<script>alert(1)</script>b</p><img src="x.png" onerror="alert(2)"><b onclick="x()">bold</b>',
    );
    expect(out).not.toMatch(/<script/i);
    expect(out).not.toMatch(/onerror|onclick|alert/i);
    expect(out).toContain('<b>bold</b>');
    expect(out).toContain('x.png');
  });

  it('strips nested payloads after an earlier removed element', () => {
    const out = sanitizeHtml(
      '<div><img src=a onerror=alert(1)><img src=b onerror=alert(2)><p>x<script>evil()</script></p><svg onload=alert(3)></svg></div>',
    );
    expect(out).not.toMatch(/onerror|onload|<script|evil/i);
  });

  it('removes javascript: and data: URLs but keeps http(s) links, with noopener on new-tab links', () => {
    const out = sanitizeHtml(
      '<a href="java&#09;script:alert(1)">x</a><a href="https://example.com" target="top">ok</a><object></object><form action="/x"><input></form>',
    );
    expect(out).not.toMatch(/javascript/i);
    expect(out).not.toMatch(/<object|<form|<input/i);
    expect(out).toContain('href="https://example.com"');
    expect(out).toContain('target="_blank"');
    expect(out).toContain('rel="noopener noreferrer"');
  });
});

describe('DOMPurify alone (the library that does the work in browsers)', () => {
  it('2.NOT.04 strips scripts, event handlers and javascript: links', () => {
    const out = DOMPurify.sanitize('<p>x<script>alert(1)</script></p><img src=x onerror=alert(2)><a href="javascript:alert(3)">l</a>');
    expect(out).not.toMatch(/<script|onerror|javascript:/i);
    expect(out).toContain('<p>x</p>');
  });
});
