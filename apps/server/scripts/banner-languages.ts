// `node --import tsx apps/server/scripts/banner-languages.ts`: the demo banners in one language each
// (issue 25, docs/adr/0076). The artwork of apps/server/media/banners/<name>.svg is bilingual (a Thai
// headline and an English line side by side); a Thai visitor should read Thai and an English one
// English, so each becomes <name>-th.svg and <name>-en.svg. The bilingual file stays (databases
// seeded before keep pointing at it). Run again after changing a bilingual banner; then
// `npm run media:build -w @lotus/server` makes the rasters.
import fs from 'node:fs';
import path from 'node:path';
import { MEDIA_DIR } from '../src/platform/media/media-dirs';
import { BANNER_TEXTS } from '../src/db/seed-data/banner-texts';

const dir = path.join(MEDIA_DIR, 'banners');
// Thai letters (not the baht sign, U+0E3F, which English lines use too).
const THAI = /[\u0E01-\u0E3A\u0E40-\u0E5B]/;
const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

type TextEl = { full: string; attrs: string; text: string };
const texts = (svg: string): TextEl[] =>
  [...svg.matchAll(/<text([^>]*)>([^<]*)<\/text>/g)].map((m) => ({ full: m[0], attrs: m[1]!, text: m[2]! }));

for (const [name, copy] of Object.entries(BANNER_TEXTS)) {
  const svg = fs.readFileSync(path.join(dir, `${name}.svg`), 'utf8');
  const all = texts(svg);
  const find = (text: string) => {
    const el = all.find((t) => t.text === escapeXml(text));
    if (!el) throw new Error(`${name}: no text "${text}"`);
    return el;
  };
  const headline = find(copy.th.headline);
  const subline = find(copy.th.subline);
  // The English line of the bilingual artwork comes right after the Thai subline.
  const english = all[all.indexOf(subline) + 1]!;
  if (THAI.test(english.text)) throw new Error(`${name}: no English line after the subline`);
  const cta = all.find((t) => t.text.includes(' · ') && THAI.test(t.text) && !t.text.startsWith('18+'));
  const footer = all.find((t) => t.text.startsWith('18+'));
  if (!cta || !footer) throw new Error(`${name}: no call to action or footer`);
  const [ctaTh, ctaEn] = cta.text.split(' · ') as [string, string];

  const variant = (lang: 'th' | 'en') => {
    const label = `${copy[lang].headline} · ${copy[lang].subline}`;
    let out = svg
      .replace(/aria-label="[^"]*"/, `aria-label="${escapeXml(label)}"`)
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeXml(label)}</title>`)
      .replace(english.full, '')
      .replace(cta.full, cta.full.replace(cta.text, lang === 'th' ? ctaTh : ctaEn))
      .replace(footer.full, footer.full.replace(footer.text, lang === 'th' ? '18+ · เล่นอย่างมีความรับผิดชอบ' : '18+ · Play responsibly'));
    if (lang === 'en') {
      // The English headline in the Thai one's place. A phone shows about the left 750 px of the artwork (the
      // banner box is cut to the screen's width), so the headline keeps within 640 px and the line within 700
      // (Sarabun bold: about 0.6 em a letter; regular: 0.5).
      const size = Number(/font-size="([\d.]+)"/.exec(headline.attrs)?.[1] ?? 88);
      const fit = Math.min(size, Math.floor(640 / (0.6 * copy.en.headline.length)));
      const lineFit = Math.min(34, Math.floor(700 / (0.5 * copy.en.subline.length)));
      out = out
        .replace(headline.full, `<text${headline.attrs.replace(/font-size="[\d.]+"/, `font-size="${fit}"`)}>${escapeXml(copy.en.headline)}</text>`)
        .replace(subline.full, `<text${subline.attrs.replace(/font-size="[\d.]+"/, `font-size="${lineFit}"`)}>${escapeXml(copy.en.subline)}</text>`);
    }
    return out;
  };
  for (const lang of ['th', 'en'] as const) fs.writeFileSync(path.join(dir, `${name}-${lang}.svg`), variant(lang));
  console.log(`${name}: -th.svg, -en.svg`);
}
