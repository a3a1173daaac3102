import { describe, expect, it } from 'vitest';
import { getBannerGroup } from './banner-groups';

describe('banner groups', () => {
  it.each([
    ['/rng', 'w_rng'],
    ['/live', 'w_live'],
    ['/fish', 'w_fish'],
    ['/pvp', 'w_pvp'],
    ['/sports', 'w_sports'],
    ['/esports', 'w_esports'],
    ['/elott', 'w_lott'],
    ['/cockfight', 'w_cockfight'],
  ])('2.BAN.01 %s uses %s', (path, group) => {
    expect(getBannerGroup(path)).toBe(group);
  });

  it.each([
    ['/', 'w_home'],
    ['/promotions', 'w_promotion'],
    ['/pointMall', 'w_shop'],
    ['/help', 'w_help'],
    ['/register', 'w_reg'],
  ])('2.BAN.02 %s uses %s', (path, group) => {
    expect(getBannerGroup(path)).toBe(group);
  });

  it('2.BAN.03 login uses w_login and forgot-password w_forget', () => {
    expect(getBannerGroup('/login')).toBe('w_login');
    expect(getBannerGroup('/forget')).toBe('w_forget');
  });

  it('2.BAN.04 decision: aliases share their route group', () => {
    expect(getBannerGroup('/index')).toBe('w_home');
    expect(getBannerGroup('/index.html')).toBe('w_home');
    expect(getBannerGroup('/home')).toBe('w_home');
    expect(getBannerGroup('/register.html')).toBe('w_reg');
  });

  it.each(['/vip', '/lottery', '/vnlottery', '/noticePage', '/promoDetail', '/seamless', '/fbsports', '/down', '/download', '/join', '/helpmc', '/game', '/agentHome', '/unknown'])(
    '2.BAN.04 decision: unmapped page %s shows no banner',
    (path) => {
      expect(getBannerGroup(path)).toBeNull();
    },
  );
});
