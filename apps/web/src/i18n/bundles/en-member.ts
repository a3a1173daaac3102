// The English texts of the member-only namespaces (wallet, member-centre, bet-record), one chunk loaded with the
// member pages (../i18n.ts, loadMemberTexts).
import type { TTextBundle } from './types';

const files = import.meta.glob<TTextBundle[string]>('../locales/en/{wallet,member-centre,bet-record}.json', { eager: true, import: 'default' });
export default files;
