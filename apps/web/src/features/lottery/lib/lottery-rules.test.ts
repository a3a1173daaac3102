import { describe, expect, it } from 'vitest';
import type { TVendorCard } from '@lotus/contracts/relay';
import {
  LOTTO_WEEKDAYS,
  drawDayParam,
  drawsOn,
  foldName,
  lockCountdown,
  lotteryStartHref,
  lottoRefreshSeconds,
  matchesName,
  menuTagsNeedArrows,
  prizeModeOf,
  shortNumero,
  splitCountdown,
  weekdayOf,
} from './lottery-rules';

const open = (remainTime: number | null, lockTime: number | null = 60) => ({ remainTime, lockTime });

describe('the lottery list refresh timer (4.LOT.01-04)', () => {
  it('4.LOT.01 the timer is the smallest remaining time among the open games', () => {
    expect(lottoRefreshSeconds([open(100, 80), open(90, 75), open(200, 60)])).toBe(15);
  });

  it('4.LOT.02 each game’s lock time is subtracted from its close time before the smallest is taken', () => {
    // 40 - 5 = 35 and 35 - 0 = 35, but 50 - 30 = 20: the latest close is the first lock.
    expect(lottoRefreshSeconds([open(40, 5), open(35, 0), open(50, 30)])).toBe(20);
    // An electronic draw of the demo: close in 36 s, lock 5 s before it.
    expect(lottoRefreshSeconds([open(36, 5)])).toBe(30);
    expect(lottoRefreshSeconds([open(29, 5)])).toBe(24);
  });

  it('4.LOT.03 the timer is 7 s when that smallest time is 0 or less', () => {
    expect(lottoRefreshSeconds([open(60, 60)])).toBe(7);
    expect(lottoRefreshSeconds([open(3, 5), open(900, 60)])).toBe(7);
    expect(lottoRefreshSeconds([open(0, 0)])).toBe(7);
  });

  it('4.LOT.04 the timer is capped at 30 s', () => {
    expect(lottoRefreshSeconds([open(15666, 60), open(780666, 60)])).toBe(30);
    expect(lottoRefreshSeconds([open(91, 60)])).toBe(30);
    expect(lottoRefreshSeconds([open(90, 60)])).toBe(30);
    expect(lottoRefreshSeconds([open(89, 60)])).toBe(29);
  });

  it('4.LOT.01 games without an open draw do not count; with none open the list asks again after 30 s', () => {
    expect(lottoRefreshSeconds([open(null, null), open(70, 60)])).toBe(10);
    expect(lottoRefreshSeconds([open(null, null)])).toBe(30);
    expect(lottoRefreshSeconds([])).toBe(30);
  });

  it('4.LOT.02 the card counts down to the lock from the answer, and stops at 0 (closed)', () => {
    expect(lockCountdown(open(15666), 0)).toBe(15606);
    expect(lockCountdown(open(15666), 6_999)).toBe(15600);
    expect(lockCountdown(open(65), 10_000)).toBe(0);
    expect(lockCountdown(open(null, null), 0)).toBeNull();
    expect(splitCountdown(15606)).toEqual({ days: 0, clock: '04:20:06' });
    expect(splitCountdown(780606)).toEqual({ days: 9, clock: '00:50:06' });
  });
});

describe('open numbers (4.LOT.05)', () => {
  it('4.LOT.05 an open number shows at most 6 digits: the last 6 (ADR 0093)', () => {
    expect(shortNumero('20261207')).toBe('261207');
    expect(shortNumero('20261207164')).toBe('207164');
    expect(shortNumero('123456')).toBe('123456');
    expect(shortNumero('1234')).toBe('1234');
    expect(shortNumero(null)).toBe('');
    for (const numero of ['20261207', '20261207001', '20261216'])
      expect(shortNumero(numero).length).toBeLessThanOrEqual(6);
  });
});

describe('the weekday filter (2.LOB.02/03)', () => {
  it('2.LOB.02 the values are 1 to 7, 1 Sunday ... 7 Saturday', () => {
    expect(LOTTO_WEEKDAYS).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // 6 Dec 2026 is a Sunday, 12 Dec a Saturday.
    expect(weekdayOf(new Date(2026, 11, 6, 12))).toBe(1);
    expect(weekdayOf(new Date(2026, 11, 7, 12))).toBe(2);
    expect(weekdayOf(new Date(2026, 11, 12, 12))).toBe(7);
  });

  it('2.LOB.03 the filter matches drawDayOfWeek, with every day as the default; the call gets ALL or 1-7', () => {
    const hcm = { drawDayOfWeek: [2, 7] };
    expect(drawsOn(hcm, 'ALL')).toBe(true);
    expect(drawsOn(hcm, 2)).toBe(true);
    expect(drawsOn(hcm, 7)).toBe(true);
    expect(drawsOn(hcm, 1)).toBe(false);
    expect(drawsOn({ drawDayOfWeek: [] }, 3)).toBe(false);
    expect(drawDayParam('ALL')).toBe('ALL');
    expect(LOTTO_WEEKDAYS.map(drawDayParam)).toEqual(['1', '2', '3', '4', '5', '6', '7']);
  });
});

describe('menu tags (2.LOB.01)', () => {
  it('2.LOB.01 the menu tags scroll with arrows only when there are more than 7 menus', () => {
    expect(menuTagsNeedArrows(5)).toBe(false);
    expect(menuTagsNeedArrows(7)).toBe(false);
    expect(menuTagsNeedArrows(8)).toBe(true);
  });
});

describe('the name search (2.LOB.04)', () => {
  const game = {
    gameCode: 'VN_MT_DNG',
    names: { th: 'หวยดานัง', en: 'Vietnam Da Nang', vi: 'Xổ số Đà Nẵng' },
  };
  it('2.LOB.04 the search matches any name or the code, without case or accents', () => {
    expect(matchesName(game, '')).toBe(true);
    expect(matchesName(game, 'da nang')).toBe(true);
    expect(matchesName(game, 'Đà Nẵng')).toBe(true);
    expect(matchesName(game, 'ดานัง')).toBe(true);
    expect(matchesName(game, 'vn_mt')).toBe(true);
    expect(matchesName(game, 'hanoi')).toBe(false);
    expect(foldName('  Đà  ')).toBe('da');
  });
});

describe('game start (4.GS.02)', () => {
  it.each(['TCG_LOTTO_VN', 'TCG_SEA', 'ELOTT', 'LOTT'])(
    '4.GS.02 a game of vendor %s goes to /lottery?gameCode=&vendor=&playType=',
    (vendor) => {
      expect(
        lotteryStartHref({ gameCode: 'VN_MB', vassalage: vendor, gameType: 'RNG', playType: '2D' }),
      ).toBe(`/lottery?gameCode=VN_MB&vendor=${vendor}&playType=2D`);
      expect(lotteryStartHref({ gameCode: 'VN_MB', vassalage: vendor, gameType: 'LOTT' })).toBe(
        `/lottery?gameCode=VN_MB&vendor=${vendor}`,
      );
    },
  );

  it('4.GS.02 another vendor’s lottery game also opens on /lottery; anything else does not', () => {
    expect(lotteryStartHref({ gameCode: 'ELOTT_5M', vassalage: 'OTHER', gameType: 'ELOTT' })).toBe(
      '/lottery?gameCode=ELOTT_5M&vendor=OTHER',
    );
    expect(lotteryStartHref({ gameCode: 'G1', vassalage: 'PG', gameType: 'RNG' })).toBe(
      '/game?vendor=PG&gameCode=G1&gameType=RNG',
    );
  });
});

describe('the prize mode (3.PRZ.02-04)', () => {
  const vendor = (vassalage: string, gameType: TVendorCard['title']) => ({
    gameType,
    vassalage,
    displayName: vassalage,
    accountTypeId: 1,
    isHot: 0 as const,
    logoUrl: '',
  });
  const card = (title: TVendorCard['title'], ...codes: string[]): TVendorCard => ({
    title,
    cards: codes.map((c) => vendor(c, title)),
  });

  it('3.PRZ.02 ELOTT when the vendor cards include TCG_LOTTO_VN (under any type)', () => {
    expect(prizeModeOf([card('LOTT', 'TCG_SEA'), card('ELOTT', 'TCG_LOTTO_VN')])).toBe('ELOTT');
    expect(prizeModeOf([card('LOTT', 'TCG_LOTTO_VN')])).toBe('ELOTT');
  });

  it('3.PRZ.02 ELOTT when the cards include LOTT under ELOTT', () => {
    expect(prizeModeOf([card('LOTT', 'TCG_SEA'), card('ELOTT', 'LOTT')])).toBe('ELOTT');
  });

  it('3.PRZ.03 otherwise LOTT: LOTT under LOTT only, no lottery vendor, no cards', () => {
    expect(prizeModeOf([card('LOTT', 'TCG_SEA', 'LOTT'), card('ELOTT')])).toBe('LOTT');
    expect(prizeModeOf([card('RNG', 'PG')])).toBe('LOTT');
    expect(prizeModeOf([])).toBe('LOTT');
    expect(prizeModeOf(undefined)).toBe('LOTT');
  });
});
