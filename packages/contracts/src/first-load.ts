// Zod-free on purpose: the web app's first load imports it (docs/adr/0060).
import { defineHead } from './endpoint';

/**
 * Method, path and auth of the calls the web app makes before zod has loaded (a prerendered page's layout and
 * page groups, the entry's own calls). Each full endpoint spreads its head (`defineEndpoint({ ...SYSTEM_STATUS,
 * response, summary })` in its contract file), so the two cannot differ; the web calls
 * `lazyEndpoint(SYSTEM_STATUS, () => import('@lotus/contracts/system').then((m) => m.getSystemStatus))`, which
 * sends from the head and parses with the full endpoint's schema once it has loaded.
 */
export const SYSTEM_STATUS = defineHead({ method: 'GET', path: '/wps/system/status', auth: 'public', tag: 'system' });
export const WHITELABEL = defineHead({ method: 'GET', path: '/wps/system/whitelabel', auth: 'public', tag: 'system' });
export const REGISTER_SETTINGS = defineHead({ method: 'GET', path: '/wps/system/setting/register', auth: 'public', tag: 'system' });
export const LANGUAGES = defineHead({ method: 'GET', path: '/wps/system/languages', auth: 'public', tag: 'system' });
export const BANNERS = defineHead({ method: 'GET', path: '/wps/system/banners', auth: 'public', tag: 'system' });
export const HELP_CENTER = defineHead({ method: 'GET', path: '/wps/system/helpCenter', auth: 'public', tag: 'system' });
export const CS_ENTRIES = defineHead({ method: 'GET', path: '/wps/system/customerService', auth: 'public', tag: 'system' });
export const CS_LINK = defineHead({ method: 'GET', path: '/wps/system/customerService/link', auth: 'public', tag: 'system' });
export const ANNOUNCEMENTS = defineHead({ method: 'GET', path: '/wps/relay/MCSFE_getListAnnouncements', auth: 'public', tag: 'relay' });
export const VENDOR_CARDS = defineHead({ method: 'GET', path: '/wps/relay/GCSGAME_newGameVendor', auth: 'public', tag: 'relay' });
export const GAME_MENUS = defineHead({ method: 'GET', path: '/lgw/games/game_menus', auth: 'public', tag: 'game' });
export const GAME_CATEGORIES = defineHead({ method: 'GET', path: '/lgw/games/categories', auth: 'public', tag: 'game' });
export const WALLET_BALANCE = defineHead({ method: 'GET', path: '/wps/v2/wallets/balance', auth: 'member', tag: 'wallet' });
/** The member info: a prerendered member frame asks it as the page starts (ADR 0079). */
export const MEMBER_INFO = defineHead({ method: 'GET', path: '/wps/member/info', auth: 'member', tag: 'member' });

/**
 * The house vendor's public jackpot (GET, `{ currency, amount }` in minor units, not in the platform envelope;
 * ADR 0049): served by the house vendor's app (mounted under /house in the one-process mode), not by the
 * platform's, so it has a head and no platform endpoint; /rng reads it and checks the answer by hand.
 */
export const HOUSE_JACKPOT = defineHead({ method: 'GET', path: '/house/api/jackpot', auth: 'public', tag: 'house' });
/**
 * The house lottery's verify page of an electronic draw (docs/lottery.md, ADR 0092): a house page the site
 * links to (?chain=&round=&signature=&drawId=<game>-<number>), not a platform call.
 */
export const HOUSE_LOTTO_FAIR = defineHead({ method: 'GET', path: '/house/lotto/fair', auth: 'public', tag: 'house' });
