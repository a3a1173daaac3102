import { getSandboxPaymentPage, postSandboxPayment } from '@lotus/contracts/cashier';
import { formatAmountMinor } from '@lotus/contracts/money';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../plugins/route';
import type { SandboxPaymentRow } from './sandbox-psp.repository';
import { isSitePath, type SandboxPsp } from './sandbox-psp';

const TEXT = {
  th: {
    title: 'ชำระเงิน (แซนด์บ็อกซ์)',
    note: 'หน้านี้เป็นผู้ให้บริการชำระเงินจำลอง ไม่มีการโอนเงินจริง',
    amount: 'จำนวนเงิน',
    reference: 'เลขอ้างอิง',
    pay: 'ชำระเงิน',
    fail: 'ทำให้ไม่สำเร็จ',
    paid: 'ชำระเงินสำเร็จ คุณสามารถปิดหน้านี้และกลับไปยังเว็บไซต์ได้',
    failed: 'การชำระเงินไม่สำเร็จ คุณสามารถปิดหน้านี้และกลับไปยังเว็บไซต์ได้',
    back: 'กลับไปยังเว็บไซต์',
  },
  en: {
    title: 'Payment (sandbox)',
    note: 'This is a simulated payment provider: no money moves.',
    amount: 'Amount',
    reference: 'Reference',
    pay: 'Pay',
    fail: 'Fail',
    paid: 'Payment completed. You can close this page and return to the site.',
    failed: 'Payment failed. You can close this page and return to the site.',
    back: 'Back to the site',
  },
} as const;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The hosted payment page: plain HTML, no script (the CSP allows a same-origin form post). */
export function sandboxPage(row: SandboxPaymentRow, lang: 'th' | 'en', returnPath?: string): string {
  const t = TEXT[lang];
  const ref = escapeHtml(row.reference);
  const back = returnPath && isSitePath(returnPath) ? returnPath : '/';
  const query = `lang=${lang}${back === '/' ? '' : `&amp;return=${escapeHtml(encodeURIComponent(back))}`}`;
  const body =
    row.status === 'pending'
      ? `<form method="post" action="/sandbox/psp/pay/${ref}?${query}">
  <button type="submit" name="action" value="pay">${t.pay}</button>
  <button type="submit" name="action" value="fail">${t.fail}</button>
</form>`
      : `<p role="status">${row.status === 'paid' ? t.paid : t.failed}</p><p><a href="${escapeHtml(back)}">${t.back}</a></p>`;
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t.title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}dt{color:#555}dd{margin:0 0 1rem;font-size:1.25rem}button{font-size:1rem;padding:.6rem 1.4rem;margin-right:.5rem}</style>
</head><body>
<h1>${t.title}</h1>
<p>${t.note}</p>
<dl><dt>${t.amount}</dt><dd>${escapeHtml(row.currency)} ${formatAmountMinor(row.amountMinor)}</dd>
<dt>${t.reference}</dt><dd>${ref}</dd></dl>
${body}
</body></html>`;
}

/** The sandbox PSP's hosted page (registered only when the sandbox is: embedded demo or ALLOW_SANDBOX_PSP=1). */
export async function sandboxPspRoutes(fastify: FastifyInstance, { sandbox }: { sandbox: SandboxPsp }) {
  await fastify.register(async (scope) => {
    // The page's form posts urlencoded fields (no script on the page).
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_req, text, done) => done(null, Object.fromEntries(new URLSearchParams(String(text)))),
    );

    route(scope, getSandboxPaymentPage, async (req, reply) => {
      const row = await sandbox.find(req.params.ref);
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(sandboxPage(row, req.query.lang, req.query.return));
    });

    route(scope, postSandboxPayment, async (req, reply) => {
      const row = await sandbox.complete(req.params.ref, req.body.action);
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(sandboxPage(row, req.query.lang, req.query.return));
    });
  });
}
