import { createCanvas } from '@napi-rs/canvas';
import { envelope } from '@lotus/contracts/envelope';
import type { TOpsAuditRow } from '@lotus/contracts/ops-operators';
import type { TBannerImage } from '@lotus/contracts/ops-content';
import { ZAnnouncementList } from '@lotus/contracts/relay';
import { ZBannerList } from '@lotus/contracts/system';
import { describe, expect, it } from 'vitest';
import { body, useTestApp } from './helper';

/**
 * The console's content calls (issue 12; docs/adr/0053, 0054): banner artwork upload (checked by
 * content, at most 5 MB per spec section 5, stored in the database with AVIF/WebP versions and
 * served with long caching), banners with a schedule, notices and help articles edited in place
 * with their HTML sanitised on the server, ordering, and an audit row with before/after for each.
 */
const t = useTestApp();
const MB = 1024 * 1024;

/** A real image of the given format drawn with the canvas (4:1 like a banner). */
async function image(format: 'png' | 'jpeg' | 'webp' | 'avif', colour = '#2a6') {
  const canvas = createCanvas(800, 200);
  const g = canvas.getContext('2d');
  g.fillStyle = colour;
  g.fillRect(0, 0, 800, 200);
  if (format === 'png') return canvas.encode('png');
  if (format === 'jpeg') return canvas.encode('jpeg', 80);
  if (format === 'webp') return canvas.encode('webp', 80);
  return canvas.encode('avif', { quality: 50 });
}
const dataUrl = (bytes: Buffer, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`;
const imageCount = () => t.app.services.content.countImages();
const audit = async () => body<TOpsAuditRow[]>(await t.ops('GET', '/ops/audit?limit=20')).value;
const banners = async (group: string, language = 'th') =>
  envelope(ZBannerList).parse((await t.inject({ method: 'GET', url: `/wps/system/banners?group=${group}`, headers: { language } })).json()).value;
const notices = async () =>
  envelope(ZAnnouncementList).parse(
    (await t.inject({ method: 'GET', url: '/wps/relay/MCSFE_getListAnnouncements?types=B,PL,PU,PR&platform=W&executionType=B', headers: { language: 'th' } })).json(),
  ).value;

describe('banner artwork upload (docs/adr/0054)', () => {
  it('2.BAN.05 stores a png, jpeg, webp or avif by content with AVIF/WebP versions; the member site shows the uploaded banner with its srcset', async () => {
    const uploaded: TBannerImage[] = [];
    for (const format of ['png', 'jpeg', 'webp', 'avif'] as const) {
      const res = await t.ops('POST', '/ops/content/images', { image: dataUrl(await image(format, '#a26'), 'application/octet-stream') });
      expect(res.statusCode, res.body).toBe(200);
      uploaded.push(body<TBannerImage>(res).value);
    }
    expect(uploaded.map((u) => u.mime)).toEqual(['image/png', 'image/jpeg', 'image/webp', 'image/avif']);
    const png = uploaded[0]!;
    expect(png).toMatchObject({ width: 800, height: 200 });
    expect(png.url).toMatch(/^\/media\/uploads\/[a-f0-9]{40}\.png$/);
    expect(png.sources.map((s) => s.type)).toEqual(['image/avif', 'image/webp']);

    // Served by the platform with long caching, to anyone (it is public artwork).
    const original = await t.inject({ method: 'GET', url: png.url });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/png');
    expect(original.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const avif960 = /(\S+) 960w/.exec(png.sources[0]!.srcset)![1]!;
    const version = await t.inject({ method: 'GET', url: avif960 });
    expect(version.statusCode).toBe(200);
    expect(version.headers['content-type']).toBe('image/avif');
    expect(version.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
    expect((await t.inject({ method: 'GET', url: original.headers.etag ? png.url : '', headers: { 'if-none-match': String(original.headers.etag) } })).statusCode).toBe(304);
    expect((await t.inject({ method: 'GET', url: '/media/uploads/' + 'f'.repeat(40) + '.png' })).statusCode).toBe(404);

    // The same bytes again: the stored image, not a second copy.
    const count = await imageCount();
    const again = await t.ops('POST', '/ops/content/images', { image: dataUrl(await image('png', '#a26')) });
    expect(body<TBannerImage>(again).value.url).toBe(png.url);
    expect(await imageCount()).toBe(count);

    // A banner with the uploaded image shows on the member site with the versions' srcset.
    const added = await t.ops('POST', '/ops/banners', { groupName: 'w_sports', imageUrl: png.url, title: 'Uploaded' });
    expect(added.statusCode, added.body).toBe(200);
    const shown = await banners('w_sports');
    expect(shown.map((b) => b.url)).toEqual([png.url]);
    expect(shown[0]!.sources).toEqual(png.sources);
    const rows = await audit();
    expect(rows.some((r) => r.action === 'content.image.upload' && r.target === `image:${png.url}`)).toBe(true);
  }, 180_000); // five uploads, each encoded into six AVIF/WebP files on a shared machine

  it('5.UPL.03 refuses a file that is not an image by content (a png name with HTML bytes, a gif, a broken png), over 5 MB, or with unknown fields; nothing is stored', async () => {
    const before = await imageCount();
    const html = Buffer.from('<html><body><script>alert(1)</script></body></html>');
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    const brokenPng = Buffer.concat([(await image('png')).subarray(0, 40)]);
    for (const bad of [dataUrl(html, 'image/png'), dataUrl(gif), dataUrl(brokenPng), 'not base64 at all!']) {
      const res = await t.ops('POST', '/ops/content/images', { image: bad });
      expect(res.statusCode, bad.slice(0, 30)).toBe(415);
      expect(body(res).message).toBe('banner_image_type_invalid');
    }
    // Over 5 MB (a real png signature in front): refused by size before anything is decoded.
    const big = Buffer.alloc(5 * MB + 1);
    (await image('png')).copy(big);
    const tooBig = await t.ops('POST', '/ops/content/images', { image: big.toString('base64') });
    expect(tooBig.statusCode).toBe(413);
    expect(body(tooBig).message).toBe('upload_too_large');
    // Far past the route's body limit: refused by the server before the handler.
    const huge = await t.ops('POST', '/ops/content/images', { image: Buffer.alloc(7 * MB).toString('base64') });
    expect(huge.statusCode).toBe(413);
    expect(body(huge).message).toBe('payload_too_large');
    const unknown = await t.ops('POST', '/ops/content/images', { image: (await image('png', '#123')).toString('base64'), name: 'x.png' });
    expect(unknown.statusCode).toBe(400);
    expect(body(unknown).message).toBe('validation_failed');
    expect(await imageCount()).toBe(before);
    // A banner cannot point at an upload that does not exist.
    const missing = await t.ops('POST', '/ops/banners', { groupName: 'w_fish', imageUrl: `/media/uploads/${'a'.repeat(40)}.png` });
    expect(missing.statusCode).toBe(400);
    expect(body(missing).message).toBe('validation_failed');
  });
});

describe('banner schedule and edits', () => {
  it('2.BAN.05 a banner shows only between its start and end; an edit is audited with before and after', async () => {
    const now = t.clock.now();
    const start = new Date(now + 60 * 60_000).toISOString();
    const end = new Date(now + 2 * 60 * 60_000).toISOString();
    const added = await t.ops('POST', '/ops/banners', { groupName: 'w_esports', imageUrl: '/media/banners/home-live.svg', title: 'Later', startTime: start, endTime: end });
    expect(added.statusCode, added.body).toBe(200);
    const id = body<{ id: number }>(added).value.id;
    expect(await banners('w_esports')).toEqual([]);
    t.clock.advance(61 * 60_000);
    expect((await banners('w_esports')).map((b) => b.title)).toEqual(['Later']);
    t.clock.advance(60 * 60_000);
    expect(await banners('w_esports')).toEqual([]);

    const edit = await t.ops('PUT', `/ops/content/banners/${id}`, { groupName: 'w_esports', imageUrl: '/media/banners/home-live.svg', title: 'Always', startTime: null, endTime: null, language: 'th', linkageType: 'INTERNAL', linkage: '/esports' });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await banners('w_esports')).map((b) => b.title)).toEqual(['Always']);
    const row = (await audit()).find((r) => r.action === 'banners.update' && r.target === `banners:${id}`)!;
    expect(row.before).toMatchObject({ title: 'Later', startTime: start });
    expect(row.after).toMatchObject({ title: 'Always', startTime: null, language: 'th' });

    // An end before the start, an unknown group, an unknown field: refused, the row unchanged.
    for (const bad of [
      { groupName: 'w_esports', imageUrl: '/x.png', startTime: end, endTime: start },
      { groupName: 'w_nowhere', imageUrl: '/x.png' },
      { groupName: 'w_esports', imageUrl: '/x.png', colour: 'red' },
    ]) {
      const res = await t.ops('PUT', `/ops/content/banners/${id}`, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(body(res).message).toBe('validation_failed');
    }
    expect((await banners('w_esports')).map((b) => b.title)).toEqual(['Always']);
    const gone = await t.ops('PUT', '/ops/content/banners/999999', { groupName: 'w_esports', imageUrl: '/x.png' });
    expect(gone.statusCode).toBe(404);
  });
});

describe('notices and help articles: sanitised rich text, ordering (docs/adr/0054)', () => {
  it('2.NOT.04 2.NOT.05 stores a notice edit with scripts, handlers and javascript: links removed; bold and links kept', async () => {
    const added = await t.ops('POST', '/ops/notices', { type: 'B', title: 'Plain', content: '<p>plain</p>', language: 'th' });
    const id = body<{ id: number }>(added).value.id;
    const html =
      '<p><strong>Bold</strong> <a href="https://example.com/promo" target="_blank">promo</a></p>' +
      '<script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">bad</a><iframe src="https://evil.example"></iframe>';
    const res = await t.ops('PUT', `/ops/content/notices/${id}`, { type: 'B', title: 'Rich', content: html, language: 'th', sort: 0, startTime: null, endTime: null });
    expect(res.statusCode, res.body).toBe(200);
    const stored = body<{ content: string }>(res).value.content;
    expect(stored).toContain('<strong>Bold</strong>');
    expect(stored).toContain('href="https://example.com/promo"');
    expect(stored).toContain('rel="noopener noreferrer"');
    for (const bad of ['<script', 'alert(1)', 'onerror', 'javascript:', '<iframe']) expect(stored).not.toContain(bad);
    const shown = (await notices()).find((n) => n.id === id)!;
    expect(shown.title).toBe('Rich');
    expect(shown.content).toBe(stored);
    const row = (await audit()).find((r) => r.action === 'notices.update' && r.target === `notices:${id}`)!;
    expect(row.before).toMatchObject({ title: 'Plain', content: '<p>plain</p>' });
    expect(row.after).toMatchObject({ title: 'Rich', content: stored });

    // Out of the contract: refused and the notice unchanged.
    for (const bad of [
      { type: 'ZZ', title: 'x' },
      { type: 'B', title: '' },
      { type: 'B', title: 'x', content: 'y'.repeat(20001) },
      { type: 'B', title: 'x', onclick: 'alert(1)' },
    ]) {
      const r = await t.ops('PUT', `/ops/content/notices/${id}`, bad);
      expect(r.statusCode, JSON.stringify(bad).slice(0, 60)).toBe(400);
      expect(body(r).message).toBe('validation_failed');
    }
    expect((await notices()).find((n) => n.id === id)!.title).toBe('Rich');
  });

  it('2.NOT.03 reorders notices (the member site follows); an unknown id or a repeated id changes nothing', async () => {
    const ids: number[] = [];
    for (const title of ['First', 'Second', 'Third']) {
      ids.push(body<{ id: number }>(await t.ops('POST', '/ops/notices', { type: 'PL', title: `Order ${title}`, language: 'th', sort: 50000 })).value.id);
    }
    const order = () => notices().then((list) => list.filter((n) => n.title.startsWith('Order ')).map((n) => n.title));
    expect(await order()).toEqual(['Order First', 'Order Second', 'Order Third']);
    const res = await t.ops('POST', '/ops/content/notices/order', { ids: [ids[2], ids[0], ids[1]] });
    expect(res.statusCode, res.body).toBe(200);
    expect(await order()).toEqual(['Order Third', 'Order First', 'Order Second']);
    const row = (await audit()).find((r) => r.action === 'notices.reorder')!;
    expect(row.after).toEqual([
      { id: ids[2], sort: 10 },
      { id: ids[0], sort: 20 },
      { id: ids[1], sort: 30 },
    ]);
    const unknown = await t.ops('POST', '/ops/content/notices/order', { ids: [ids[0], 999999] });
    expect(unknown.statusCode).toBe(404);
    const repeated = await t.ops('POST', '/ops/content/notices/order', { ids: [ids[0], ids[0]] });
    expect(body(repeated).message).toBe('validation_failed');
    const empty = await t.ops('POST', '/ops/content/notices/order', { ids: [] });
    expect(body(empty).message).toBe('validation_failed');
    expect(await order()).toEqual(['Order Third', 'Order First', 'Order Second']);
  });

  it('edits a help article with its HTML sanitised and keeps the language+slug unique', async () => {
    const a = body<{ id: number }>(await t.ops('POST', '/ops/help', { categoryKey: 'console', categoryTitle: 'Console', slug: 'console-a', language: 'en', title: 'A', content: '<p>a</p>' })).value.id;
    await t.ops('POST', '/ops/help', { categoryKey: 'console', categoryTitle: 'Console', slug: 'console-b', language: 'en', title: 'B', content: '<p>b</p>' });
    const res = await t.ops('PUT', `/ops/content/help/${a}`, { categoryKey: 'console', categoryTitle: 'Console', slug: 'console-a', language: 'en', title: 'A2', content: '<h3>Steps</h3><p onclick="x()">go</p><script>x()</script>', sort: 5 });
    expect(res.statusCode, res.body).toBe(200);
    expect(body<{ content: string }>(res).value.content).toBe('<h3>Steps</h3><p>go</p>');
    const clash = await t.ops('PUT', `/ops/content/help/${a}`, { categoryKey: 'console', categoryTitle: 'Console', slug: 'console-b', language: 'en', title: 'A3', content: '' });
    expect(clash.statusCode).toBe(409);
    const list = body<{ id: number; title: string }[]>(await t.ops('GET', '/ops/help')).value;
    expect(list.find((r) => r.id === a)!.title).toBe('A2');
  });
});
