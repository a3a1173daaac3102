import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize';

/**
 * Note: happy-dom's NodeIterator is not spec-compliant, so DOMPurify alone is unreliable under it
 * (cure53/DOMPurify#1457, capricorn86/happy-dom#2310). sanitizeHtml adds an independent pass that
 * does not depend on a live DOM walk; these tests hold for both layers together.
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
