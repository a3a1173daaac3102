import type { TBannerGroup } from '@lotus/contracts/system';
import type { z } from 'zod';
import type { ZBannerInput, ZCsChannelInput, ZNoticeInput, ZVendorInput } from '@lotus/contracts/ops';
import { BANNER_TEXTS } from './banner-texts';

type BannerSeed = z.input<typeof ZBannerInput>;
type NoticeSeed = z.input<typeof ZNoticeInput>;
type CsSeed = z.input<typeof ZCsChannelInput>;
type VendorSeed = z.input<typeof ZVendorInput>;

/**
 * A demo banner in Thai and in English (issue 25, docs/adr/0076): each language's row shows that
 * language's artwork (<file>-th.svg, <file>-en.svg, made by scripts/banner-languages.ts) and has its
 * headline and line as the alternative text.
 */
const banner = (
  groupName: TBannerGroup,
  file: string,
  sort: number,
  linkage: { type: 'INTERNAL' | 'EXTERNAL'; to: string } | null = null,
): BannerSeed[] =>
  (['th', 'en'] as const).map((language) => {
    const text = BANNER_TEXTS[file]![language];
    return {
      groupName,
      imageUrl: `/media/banners/${file}-${language}.svg`,
      title: `${text.headline} · ${text.subline}`.slice(0, 200),
      sort,
      language,
      linkageType: linkage?.type ?? null,
      linkage: linkage?.to ?? null,
    };
  });

/** Demo banners: one SVG per entry and language in apps/server/media/banners. */
export const SEED_BANNERS: BannerSeed[] = [
  // Issue 11: the welcome offer's call to action is to register (the bonus comes with the first deposit).
  ...banner('w_home', 'home-welcome', 10, { type: 'INTERNAL', to: '/register' }),
  ...banner('w_home', 'home-live', 20, { type: 'INTERNAL', to: '/live' }),
  ...banner('w_home', 'home-jackpot', 30, { type: 'INTERNAL', to: '/rng' }),
  ...banner('w_rng', 'rng-jackpot', 10),
  ...banner('w_rng', 'rng-freespins', 20, { type: 'INTERNAL', to: '/promotions' }),
  ...banner('w_live', 'live-baccarat', 10),
  ...banner('w_fish', 'fish-ocean', 10),
  ...banner('w_login', 'login-welcome', 10),
  ...banner('w_reg', 'register-bonus', 10),
  ...banner('w_forget', 'forget-help', 10),
  ...banner('w_promotion', 'promotion-cashback', 10),
  ...banner('w_promotion', 'promotion-referral', 20, { type: 'INTERNAL', to: '/promotions' }),
];

const both = (th: Omit<NoticeSeed, 'language'>, en: Omit<NoticeSeed, 'language'>): NoticeSeed[] => [
  { ...th, language: 'th' },
  { ...en, language: 'en' },
];

/**
 * Demo notices (decision 3.ANN.02): B notice bar, PL notice page, PU 'news' popup, PR promotion
 * notice. Each in Thai and English (language column).
 */
export const SEED_NOTICES: NoticeSeed[] = [
  ...both(
    {
      type: 'B',
      title: 'ยินดีต้อนรับสู่ Lotus! สมัครวันนี้รับโบนัสต้อนรับ 100% สูงสุด 5,000 บาท',
      content: '<p>สมัครสมาชิกและฝากครั้งแรกวันนี้ รับโบนัสต้อนรับ 100% สูงสุด 5,000 บาท</p>',
      sort: 10,
    },
    {
      type: 'B',
      title: 'Welcome to Lotus! Sign up today for a 100% welcome bonus up to ฿5,000',
      content:
        '<p>Register and make your first deposit today to receive a 100% welcome bonus of up to ฿5,000.</p>',
      sort: 10,
    },
  ),
  ...both(
    {
      type: 'B',
      title: 'แจ้งปิดปรับปรุงระบบธนาคาร KBank ทุกวันอาทิตย์ เวลา 00:00–02:00 น.',
      content: '<p>ในช่วงเวลาดังกล่าวการฝากผ่าน KBank อาจล่าช้า กรุณาเลือกช่องทางอื่น</p>',
      sort: 20,
    },
    {
      type: 'B',
      title: 'KBank deposits are under maintenance every Sunday 00:00–02:00 (GMT+7).',
      content:
        '<p>Deposits through KBank may be delayed during this window; please choose another channel.</p>',
      sort: 20,
    },
  ),
  ...both(
    {
      type: 'B',
      title: 'เล่นอย่างมีความรับผิดชอบ: ตั้งวงเงินและเวลาการเล่นของคุณได้ที่ศูนย์ช่วยเหลือ',
      content: '<p>อ่านแนวทางการเล่นอย่างมีความรับผิดชอบได้ที่ <a href="/help#responsible-gaming">ศูนย์ช่วยเหลือ</a></p>',
      sort: 30,
    },
    {
      type: 'B',
      title: 'Play responsibly: set your own deposit and time limits in the help centre.',
      content:
        '<p>Read our responsible gaming guide in the <a href="/help#responsible-gaming">help centre</a>.</p>',
      sort: 30,
    },
  ),
  ...both(
    {
      type: 'PU',
      title: 'โปรโมชั่นใหม่ประจำเดือน',
      content:
        '<h3>คืนยอดเสีย 10% ทุกสัปดาห์</h3><p>สมาชิกทุกท่านรับคืนยอดเสีย <strong>10%</strong> จากสล็อตและคาสิโนสด ทุกวันจันทร์ ไม่ต้องทำเทิร์น</p><ul><li>ยอดคืนขั้นต่ำ 100 บาท</li><li>สูงสุด 20,000 บาทต่อสัปดาห์</li></ul>',
      sort: 10,
    },
    {
      type: 'PU',
      title: 'New this month',
      content:
        '<h3>10% weekly cashback</h3><p>Every member gets <strong>10%</strong> back on net losses from slots and live casino every Monday, with no turnover requirement.</p><ul><li>Minimum cashback ฿100</li><li>Up to ฿20,000 per week</li></ul>',
      sort: 10,
    },
  ),
  ...both(
    {
      type: 'PU',
      title: 'ช่องทางติดต่อทางการ',
      content:
        '<p>Lotus ติดต่อสมาชิกผ่านช่องทางทางการเท่านั้น <strong>เราจะไม่ขอรหัสผ่านหรือรหัส OTP ของคุณ</strong></p><p>หากพบข้อความน่าสงสัย โปรดแจ้งฝ่ายบริการลูกค้าผ่านแชทสด</p>',
      sort: 20,
    },
    {
      type: 'PU',
      title: 'Official contact channels',
      content:
        '<p>Lotus only contacts members through its official channels. <strong>We will never ask for your password or OTP code.</strong></p><p>If you receive a suspicious message, please tell customer service through live chat.</p>',
      sort: 20,
    },
  ),
  ...both(
    {
      type: 'PL',
      title: 'อัปเดตเกมใหม่จาก PG และ JILI',
      content: '<p>เพิ่มเกมสล็อตใหม่กว่า 20 เกม ลองเล่นฟรีได้แล้ววันนี้ในหน้าสล็อต</p>',
      sort: 10,
    },
    {
      type: 'PL',
      title: 'New games from PG and JILI',
      content:
        '<p>More than 20 new slot games have been added. Try them for free today on the slots page.</p>',
      sort: 10,
    },
  ),
  ...both(
    {
      type: 'PL',
      title: 'เปิดให้บริการหวยรัฐบาลและหวยลาว',
      content: '<p>แทงหวยได้ทุกงวดพร้อมอัตราจ่ายสูง ดูผลรางวัลย้อนหลังได้ที่หน้าหวย</p>',
      sort: 20,
    },
    {
      type: 'PL',
      title: 'Thai and Lao lotteries are now open',
      content: '<p>Bet on every draw with high payouts, and check past results on the lottery page.</p>',
      sort: 20,
    },
  ),
  ...both(
    {
      type: 'PR',
      title: 'แนะนำเพื่อน รับค่าคอมมิชชั่นตลอดชีพ',
      content: '<p>ชวนเพื่อนสมัครด้วยลิงก์ของคุณ รับค่าคอมมิชชั่นจากทุกยอดเล่นของเพื่อน</p>',
      sort: 10,
    },
    {
      type: 'PR',
      title: 'Invite friends, earn commission for life',
      content: '<p>Invite friends with your own link and earn a commission on every bet they place.</p>',
      sort: 10,
    },
  ),
];

/** Customer-service channels (decision 2.SIDE.06): positions place them in the right bar and/or forgot-password list. */
export const SEED_CS: CsSeed[] = [
  {
    csType: 'LIVECHAT',
    csPosition: 'BOTH',
    title: 'Live chat 24/7',
    url: 'https://chat.lotus.example/live',
    sort: 10,
  },
  {
    csType: 'LINE',
    csPosition: 'RIGHT',
    title: 'LINE @lotus',
    url: 'https://line.me/R/ti/p/@lotus',
    sort: 20,
  },
  {
    csType: 'TELEGRAM',
    csPosition: 'BOTH',
    title: 'Telegram @lotus_support',
    url: 'https://t.me/lotus_support',
    sort: 30,
  },
  {
    csType: 'FACEBOOK',
    csPosition: 'BOTH',
    title: 'Facebook Lotus',
    url: 'https://www.facebook.com/lotus.example',
    sort: 40,
  },
  {
    csType: 'EMAIL',
    csPosition: 'FORGET',
    title: 'support@lotus.example',
    url: 'mailto:support@lotus.example',
    sort: 50,
  },
  { csType: 'VIP', csPosition: 'RIGHT', title: 'VIP line', url: 'https://chat.lotus.example/vip', sort: 60 },
];

let accountTypeId = 1000;
const vendor = (
  gameType: VendorSeed['gameType'],
  vassalage: string,
  displayName: string,
  isHot: 0 | 1 = 0,
): VendorSeed => {
  accountTypeId += 1;
  return {
    gameType,
    vassalage,
    displayName,
    accountTypeId,
    isHot,
    logoUrl: `/media/vendors/${vassalage.toLowerCase()}.svg`,
    sort: accountTypeId,
    enabled: true,
  };
};

/** Demo vendor catalogue per game type (3.GAME.01, 3.PROV: cockfight DS88, DIG, WS168; esports none). */
export const SEED_VENDORS: VendorSeed[] = [
  vendor('RNG', 'PG', 'PG Soft', 1),
  vendor('RNG', 'JILI', 'JILI', 1),
  vendor('RNG', 'PP', 'Pragmatic Play', 1),
  vendor('RNG', 'JDB', 'JDB'),
  vendor('RNG', 'SPADE', 'Spadegaming'),
  vendor('RNG', 'CQ9', 'CQ9'),
  vendor('RNG', 'FACHAI', 'Fa Chai'),
  vendor('RNG', 'REDTIGER', 'Red Tiger'),
  vendor('RNG', 'HABANERO', 'Habanero'),
  vendor('RNG', 'NOLIMIT', 'Nolimit City'),
  vendor('RNG', 'PLAYSTAR', 'PlayStar'),
  vendor('RNG', 'KA', 'KA Gaming'),
  vendor('LIVE', 'SEXY', 'AE Sexy', 1),
  vendor('LIVE', 'EVO', 'Evolution', 1),
  vendor('LIVE', 'PPLIVE', 'Pragmatic Live'),
  vendor('LIVE', 'SA', 'SA Gaming'),
  vendor('LIVE', 'DG', 'Dream Gaming'),
  vendor('LIVE', 'WM', 'WM Casino'),
  vendor('FISH', 'JILI', 'JILI Fishing', 1),
  vendor('FISH', 'FACHAI', 'Fa Chai Fishing'),
  vendor('FISH', 'JDB', 'JDB Fishing'),
  vendor('PVP', 'KINGMAKER', 'Kingmaker', 1),
  vendor('PVP', 'V8', 'V8 Poker'),
  vendor('PVP', 'RICH88', 'Rich88'),
  vendor('SPORTS', 'SABA', 'SABA Sports', 1),
  vendor('SPORTS', 'SBO', 'SBOBET'),
  vendor('LOTT', 'TCG_SEA', 'Thai Lottery'),
  vendor('LOTT', 'LOTT', 'Lotus Lotto'),
  vendor('ELOTT', 'TCG_LOTTO_VN', 'Vietnam Lotto'),
  vendor('COCKFIGHT', 'DS88', 'DS88 Sabong', 1),
  vendor('COCKFIGHT', 'DIG', 'DIG Cockfight'),
  vendor('COCKFIGHT', 'WS168', 'WS168'),
];
