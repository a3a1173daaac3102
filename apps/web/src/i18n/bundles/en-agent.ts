// The English texts of the agent centre (agent-centre), one chunk loaded with the agent centre only
// (../i18n.ts, loadAgentTexts).
import type { TTextBundle } from './types';

const files = import.meta.glob<TTextBundle[string]>('../locales/en/agent-centre.json', { eager: true, import: 'default' });
export default files;
