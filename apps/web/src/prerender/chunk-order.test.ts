import { describe, expect, it } from 'vitest';
import { chunksInOrder, type TManifestChunk } from './chunk-order';

// A manifest shaped like Vite's: two page groups sharing a contracts chunk built on zod, and an
// entry whose graph (vendor) is evaluated with the entry itself.
const manifest: Record<string, TManifestChunk> = {
  'src/main.tsx': { file: 'assets/main.js', imports: ['_vendor.js'] },
  '_vendor.js': { file: 'assets/vendor.js' },
  '_zod.js': { file: 'assets/zod.js' },
  '_auth.js': { file: 'assets/auth.js', imports: ['_zod.js', '_vendor.js'] },
  '_catalogue.js': { file: 'assets/catalogue.js', imports: ['_zod.js', 'src/main.tsx'] },
  'src/app/groups/auth.tsx': { file: 'assets/auth-group.js', imports: ['_auth.js', '_vendor.js'] },
  'src/app/groups/egame.tsx': { file: 'assets/egame-group.js', imports: ['_catalogue.js', '_auth.js'] },
  'src/features/banners/banner-carousel.tsx': { file: 'assets/banner.js', imports: ['_catalogue.js'] },
};
const entryGraph = new Set(['assets/main.js', 'assets/vendor.js']);

describe('the order a prerendered page evaluates its chunks in (issue 10: one chunk per task)', () => {
  it('4.CHK.01 lists every chunk a page group needs after the chunks it imports, and only that group', () => {
    const order = chunksInOrder(manifest, ['src/app/groups/egame.tsx'], entryGraph);
    expect(new Set(order)).toEqual(new Set(['assets/zod.js', 'assets/catalogue.js', 'assets/auth.js', 'assets/egame-group.js']));
    expect(order.indexOf('assets/zod.js')).toBeLessThan(order.indexOf('assets/catalogue.js'));
    expect(order.indexOf('assets/zod.js')).toBeLessThan(order.indexOf('assets/auth.js'));
    expect(order.at(-1)).toBe('assets/egame-group.js');
    // The other page group is not fetched for this page.
    expect(order).not.toContain('assets/auth-group.js');
  });

  it('leaves out what the entry already evaluated, and lists a chunk shared by two parts once', () => {
    const order = chunksInOrder(manifest, ['src/app/groups/egame.tsx', 'src/features/banners/banner-carousel.tsx'], entryGraph);
    expect(order).not.toContain('assets/main.js');
    expect(order).not.toContain('assets/vendor.js');
    expect(order.filter((f) => f === 'assets/catalogue.js')).toHaveLength(1);
    expect(order.at(-1)).toBe('assets/banner.js');
    // An unknown key (a part this build does not have) adds nothing.
    expect(chunksInOrder(manifest, ['src/missing.tsx'], entryGraph)).toEqual([]);
  });
});
