import { describe, expect, it } from 'vitest';
import { findPathKey, getVendorHref, normalizePath, paths, toCategoryCode } from './paths';

describe('paths', () => {
  it.each([
    ['rng', 'RNG'],
    ['fish', 'FISH'],
    ['live', 'LIVE'],
    ['sports', 'SPORTS'],
    ['esports', 'ESPORTS'],
    ['pvp', 'PVP'],
    ['elott', 'ELOTT'],
    ['cockfight', 'COCKFIGHT'],
  ])('2.R.12 the {games} param %s is upper-cased to %s', (param, code) => {
    expect(toCategoryCode(param)).toBe(code);
  });

  it('2.R.02/06/23 aliases resolve to their route', () => {
    expect(findPathKey('/index')).toBe('home');
    expect(findPathKey('/index.html')).toBe('home');
    expect(findPathKey('/home')).toBe('home');
    expect(findPathKey('/register.html')).toBe('register');
    expect(findPathKey('/down')).toBe('download');
    expect(findPathKey('/download')).toBe('download');
    expect(findPathKey('/nowhere')).toBeNull();
  });

  it('2.R.14/16/21 getHref builds the query pages', () => {
    expect(paths.rng.getHref({ vassalage: 'PG' })).toBe('/rng?vassalage=PG');
    expect(paths.lottery.getHref({ gameCode: 'TH', vendor: 'LOTT', playType: 'A' })).toBe(
      '/lottery?gameCode=TH&vendor=LOTT&playType=A',
    );
    expect(paths.help.getHref('term')).toBe('/help#term');
  });

  it('2.HDR.10/11 vendor links: slots to /rng?vassalage=, lottery to /lottery?vendor=, others to their page', () => {
    expect(getVendorHref('RNG', 'PG')).toBe('/rng?vassalage=PG');
    expect(getVendorHref('LIVE', 'EVO')).toBe('/live?vassalage=EVO');
    expect(getVendorHref('LOTT', 'TCG_SEA')).toBe('/lottery?vendor=TCG_SEA');
  });

  it('normalizePath ignores case, query, hash and trailing slashes', () => {
    expect(normalizePath('/PointMall/?x=1#y')).toBe('/pointmall');
    expect(normalizePath('')).toBe('/');
  });
});
