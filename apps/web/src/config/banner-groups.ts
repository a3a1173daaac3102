import type { TBannerGroup } from '@lotus/contracts/system';
import { findPathKey, type TPathKey } from './paths';

/**
 * Route -> banner group (2.BAN.01-03), one table.
 * Decision 2.BAN.04: aliases share their route's group (/index, /index.html, /home -> w_home;
 * /register.html -> w_reg), because the group is looked up by route key, not by spelling.
 * Pages not listed here (/vip, /lottery, /vnlottery, /noticePage, /promoDetail, /seamless,
 * /fbsports, /down, /download, /join, /game, /agentHome, /helpmc, unknown paths) show no banner.
 * Note /elott uses w_lott, not w_elott (2.BAN.01).
 */
export const BANNER_GROUP_BY_ROUTE: Partial<Record<TPathKey, TBannerGroup>> = {
  home: 'w_home',
  rng: 'w_rng',
  live: 'w_live',
  fish: 'w_fish',
  pvp: 'w_pvp',
  sports: 'w_sports',
  esports: 'w_esports',
  elott: 'w_lott',
  cockfight: 'w_cockfight',
  promotions: 'w_promotion',
  pointMall: 'w_shop',
  help: 'w_help',
  register: 'w_reg',
  login: 'w_login',
  forget: 'w_forget',
};

export function getBannerGroup(pathname: string): TBannerGroup | null {
  const key = findPathKey(pathname);
  return key ? (BANNER_GROUP_BY_ROUTE[key] ?? null) : null;
}
