// The Thai texts of the site frame and the public pages (every namespace but the member-only ones),
// one chunk loaded on demand by ../i18n.ts (issue 10: only the visitor's language is downloaded).
import type { TTextBundle } from './types';

const files = import.meta.glob<TTextBundle[string]>(['../locales/th/*.json', '!../locales/th/{wallet,member-centre,bet-record,agent-centre}.json'], {
  eager: true,
  import: 'default',
});
export default files;
