import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import { ALL_ROUTE_PATHS, paths } from '@/config/paths';
import { ROUTE_TABLE, routes } from './router';

const SPEC_PATHS = [
  '/',
  '/index',
  '/index.html',
  '/home',
  '/login',
  '/register',
  '/register.html',
  '/forget',
  '/noticePage',
  '/vip',
  '/pointMall',
  '/live',
  '/sports',
  '/esports',
  '/pvp',
  '/elott',
  '/cockfight',
  '/rng',
  '/fish',
  '/lottery',
  '/vnlottery',
  '/promotions',
  '/promoDetail',
  '/seamless',
  '/fbsports',
  '/help',
  '/helpmc',
  '/down',
  '/download',
  '/join',
  '/game',
  '/agentHome',
  // Project route (not in the spec's table): the member centre panel, 2.MC.
  '/member',
];

const SPEC_GROUPS = ['download', 'vip', 'byIframe', 'egame', 'elott', 'fbSports', 'game', 'help', 'index', 'joinus', 'lottery', 'pointMall', 'promo', 'promoDetail', 'seamless', 'vnlottery'];

const leafPath = (pathname: string) => matchRoutes(routes, pathname)?.at(-1)?.route.path;

describe('route table', () => {
  it.each(SPEC_PATHS)('2.R.01-26 %s has its own route', (path) => {
    expect(leafPath(path)).toBe(path);
  });

  it('2.R.* the paths table holds exactly the spec routes and aliases', () => {
    expect([...ALL_ROUTE_PATHS].sort()).toEqual([...SPEC_PATHS].sort());
  });

  it('2.R.13/14/16/21 query pages and the terms hash match their route', () => {
    expect(leafPath('/rng?vassalage=PG'.split('?')[0]!)).toBe('/rng');
    expect(leafPath('/lottery')).toBe('/lottery');
    expect(leafPath(paths.help.getHref('term').split('#')[0]!)).toBe('/help');
  });

  it('an unknown path reaches the 404 page', () => {
    expect(leafPath('/no-such-page')).toBe('*');
  });

  it('4.CHK.01/02 every spec page group is used, and every route has one group', () => {
    const used = new Set(ROUTE_TABLE.map((r) => r.group));
    for (const group of SPEC_GROUPS) expect(used.has(group as never), group).toBe(true);
    expect(ROUTE_TABLE.find((r) => r.key === 'game')?.group).toBe('byIframe');
    expect(ROUTE_TABLE.filter((r) => r.group === 'egame').map((r) => r.key).sort()).toEqual(
      ['cockfight', 'esports', 'live', 'pvp', 'sports'],
    );
  });

  it('2.R.22 decision: /helpmc renders without the site layout, /help inside it', () => {
    expect(ROUTE_TABLE.find((r) => r.key === 'helpmc')?.layout).toBe('bare');
    expect(ROUTE_TABLE.find((r) => r.key === 'help')?.layout).toBe('main');
  });
});
