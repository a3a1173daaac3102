import type { ElectronicDrawCheck } from '../lottery/beacon';
import { esc, shell } from './html';
import { langOf, type Lang } from './strings';

/** The electronic draw verify page's strings, Thai (default) and English. */
export const LOTTO_FAIR_STRINGS = {
  th: {
    title: 'ตรวจสอบผลหวยอิเล็กทรอนิกส์',
    intro:
      'ผลของงวดหวยอิเล็กทรอนิกส์มาจากบีคอนสุ่มสาธารณะ drand: ก่อนขายโพยงวดจะผูกกับรอบของบีคอนที่ยังไม่เกิด ลายเซ็น BLS ของรอบนั้นตรวจสอบได้ด้วยกุญแจสาธารณะของบีคอน และตัวเลขทุกหลักคำนวณจากลายเซ็นนั้นตามสูตรด้านล่าง ใครก็คำนวณซ้ำได้',
    chain: 'บีคอน',
    round: 'รอบ',
    signature: 'ลายเซ็น (hex)',
    drawId: 'รหัสงวด',
    verify: 'ตรวจสอบ',
    valid: 'ลายเซ็นถูกต้อง: ผลด้านล่างคำนวณจากรอบนี้',
    invalid: 'ลายเซ็นไม่ถูกต้องสำหรับรอบนี้ของบีคอนนี้: ไม่มีผล',
    unknownChain: 'ไม่รู้จักบีคอนนี้',
    incomplete: 'กรอกบีคอน รอบ ลายเซ็น และรหัสงวด',
    randomness: 'ค่าสุ่ม = sha256(ลายเซ็น)',
    first: 'รางวัลที่ 1',
    front3: 'เลขหน้า 3 ตัว',
    last3: 'เลขท้าย 3 ตัว',
    last2: 'เลขท้าย 2 ตัว',
    howTitle: 'วิธีคำนวณ',
    how: 'สำหรับ c = 0, 1, 2, ...: บล็อก = HMAC-SHA256(คีย์ = ค่าสุ่ม 32 ไบต์, ข้อความ = "<รหัสงวด>:<c>") ทุกไบต์ b < 250 ให้ตัวเลข b mod 10 (ไบต์ >= 250 ข้าม) ตัวเลข 20 หลักแรกเติมรางวัลที่ 1 (6), เลขหน้า 3 ตัว (3, 3), เลขท้าย 3 ตัว (3, 3), เลขท้าย 2 ตัว (2) ตามลำดับ',
    json: 'คำตอบ JSON',
  },
  en: {
    title: 'Verify an electronic lottery draw',
    intro:
      "An electronic draw's result comes from the public drand randomness beacon: before any ticket is sold, the draw commits to a beacon round still to come; that round's BLS signature is checked against the beacon's public key, and every digit is computed from it by the rule below. Anyone can recompute it.",
    chain: 'Beacon',
    round: 'Round',
    signature: 'Signature (hex)',
    drawId: 'Draw id',
    verify: 'Verify',
    valid: 'The signature is valid: the result below is computed from this round',
    invalid: "The signature is not this beacon's for this round: no result",
    unknownChain: 'Unknown beacon',
    incomplete: 'Fill in the beacon, round, signature and draw id',
    randomness: 'Randomness = sha256(signature)',
    first: 'First prize',
    front3: 'Front 3',
    last3: 'Last 3',
    last2: 'Last 2',
    howTitle: 'How it is computed',
    how: 'For c = 0, 1, 2, ...: block = HMAC-SHA256(key = the 32 randomness bytes, message = "<draw id>:<c>"); each byte b < 250 gives the digit b mod 10 (bytes >= 250 are skipped); the first 20 digits fill the first prize (6), front 3 (3, 3), last 3 (3, 3) and last 2 (2), in that order.',
    json: 'JSON answer',
  },
} satisfies Record<Lang, Record<string, string>>;

/**
 * GET /house/lotto/fair (ADR 0092): the verify page of an electronic draw. The house recomputes the draw from
 * the query (the same code as GET /house/lotto/fair/verify) and shows the check, the randomness and the result;
 * the rule is printed so that anyone can recompute it elsewhere.
 */
export function lottoFairPage(input: {
  language: unknown;
  query: { chain: string; round: string; signature: string; drawId: string };
  check: ElectronicDrawCheck | null | 'incomplete';
}): string {
  const lang = langOf(input.language);
  const t = LOTTO_FAIR_STRINGS[lang];
  const q = input.query;
  const field = (name: keyof typeof q, label: string, attrs = '') =>
    `<label>${esc(label)} <input name="${name}" value="${esc(q[name])}" ${attrs}></label>`;
  let outcome = '';
  if (input.check === 'incomplete') outcome = `<p class="message" role="status">${esc(t.incomplete)}</p>`;
  else if (input.check === null)
    outcome = `<p class="message" role="status" data-testid="lotto-fair-outcome" data-valid="false">${esc(t.unknownChain)}</p>`;
  else if (!input.check.valid || !input.check.result)
    outcome = `<p class="message" role="status" data-testid="lotto-fair-outcome" data-valid="false">${esc(t.invalid)}</p>`;
  else {
    const r = input.check.result;
    const query = new URLSearchParams(q).toString();
    outcome = `<section class="fair-outcome" data-testid="lotto-fair-outcome" data-valid="true">
<p class="message" role="status">${esc(t.valid)}</p>
<dl>
<dt>${esc(t.randomness)}</dt><dd><code>${esc(input.check.randomness ?? '')}</code></dd>
<dt>${esc(t.first)}</dt><dd data-testid="lotto-fair-first">${esc(r.first)}</dd>
<dt>${esc(t.front3)}</dt><dd>${esc(r.front3.join(' '))}</dd>
<dt>${esc(t.last3)}</dt><dd>${esc(r.last3.join(' '))}</dd>
<dt>${esc(t.last2)}</dt><dd data-testid="lotto-fair-last2">${esc(r.last2)}</dd>
</dl>
<p><a href="/house/lotto/fair/verify?${esc(query)}">${esc(t.json)}</a></p>
</section>`;
  }
  const body = `<main class="notice fair">
<h1>${esc(t.title)}</h1>
<p>${esc(t.intro)}</p>
<form method="get" action="/house/lotto/fair">
<input type="hidden" name="lang" value="${lang}">
${field('chain', t.chain, 'pattern="[a-z]{1,20}" required')}
${field('round', t.round, 'inputmode="numeric" pattern="[0-9]{1,16}" required')}
${field('signature', t.signature, 'pattern="[0-9a-fA-F]{96}" required spellcheck="false"')}
${field('drawId', t.drawId, 'pattern="[A-Za-z0-9_-]{1,64}" required')}
<button type="submit">${esc(t.verify)}</button>
</form>
${outcome}
<h2>${esc(t.howTitle)}</h2>
<p>${esc(t.how)}</p>
</main>`;
  return shell(lang, t.title, body);
}
