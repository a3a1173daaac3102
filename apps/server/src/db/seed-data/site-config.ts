import type { TSiteConfig } from '@lotus/contracts/site-config';
import type { TRegisterField, TRegisterSettings } from '@lotus/contracts/system';

/**
 * Demo site configuration. The seed stores these documents on first start; the config service also
 * uses them as the value of a key that is missing from the database (a key added by a later
 * release), so a running site always has every document.
 */

type Rule = TRegisterSettings[TRegisterField];
const rule = (
  enabled: boolean,
  required: boolean,
  patternId: number,
  minLength: number,
  maxLength: number,
  acceptedPattern = '',
): Rule => ({ enabled, required, patternId, minLength, maxLength, acceptedPattern });

export const DEFAULT_REGISTER: TRegisterSettings = {
  username: rule(true, true, 2, 2, 15),
  // The password floor (docs/adr/0021-password-floor.md): 8-128 characters, any printable
  // characters, no composition rule. An operator may tighten it (a higher minimum, pattern 5, 11, 12).
  password: rule(true, true, 0, 8, 128, '*'),
  confirmPassword: rule(true, true, 0, 8, 128, '*'),
  payeeName: rule(true, false, 13, 2, 50),
  email: rule(true, false, 17, 5, 100),
  qqNum: rule(false, false, 3, 5, 12),
  mobileNum: rule(true, false, 18, 8, 15),
  line: rule(true, false, 23, 3, 30),
  whatsapp: rule(false, false, 18, 8, 15),
  facebook: rule(false, false, 23, 3, 50),
  wechat: rule(false, false, 19, 6, 20),
  idNumber: rule(false, false, 3, 13, 13),
  paymentPassword: rule(false, false, 3, 6, 6),
  birthday: rule(false, false, 6, 10, 10),
  affiliateCode: rule(true, false, 19, 4, 20),
  referralCode: rule(true, false, 19, 4, 20),
  recommenderId: rule(false, false, 19, 2, 20),
};

/** Languages (decision 9.C.01): TH default and EN complete; the others are listed for operators. */
const LANGUAGE_LIST: { code: string; name: string; complete: boolean; enabled: boolean }[] = [
  { code: 'th', name: 'ไทย', complete: true, enabled: true },
  { code: 'en', name: 'English', complete: true, enabled: true },
  { code: 'vi', name: 'Tiếng Việt', complete: false, enabled: true },
  { code: 'zh-CN', name: '简体中文', complete: false, enabled: true },
  { code: 'id', name: 'Bahasa Indonesia', complete: false, enabled: false },
  { code: 'ms', name: 'Bahasa Melayu', complete: false, enabled: false },
  { code: 'zh-TW', name: '繁體中文', complete: false, enabled: false },
  { code: 'ko', name: '한국어', complete: false, enabled: false },
  { code: 'ja', name: '日本語', complete: false, enabled: false },
  { code: 'km', name: 'ខ្មែរ', complete: false, enabled: false },
  { code: 'lo', name: 'ລາວ', complete: false, enabled: false },
  { code: 'my', name: 'မြန်မာ', complete: false, enabled: false },
  { code: 'hi', name: 'हिन्दी', complete: false, enabled: false },
  { code: 'bn', name: 'বাংলা', complete: false, enabled: false },
  { code: 'ta', name: 'தமிழ்', complete: false, enabled: false },
  { code: 'tl', name: 'Tagalog', complete: false, enabled: false },
  { code: 'pt-BR', name: 'Português (Brasil)', complete: false, enabled: false },
  { code: 'es', name: 'Español', complete: false, enabled: false },
  { code: 'fr', name: 'Français', complete: false, enabled: false },
  { code: 'de', name: 'Deutsch', complete: false, enabled: false },
  { code: 'it', name: 'Italiano', complete: false, enabled: false },
  { code: 'ru', name: 'Русский', complete: false, enabled: false },
  { code: 'tr', name: 'Türkçe', complete: false, enabled: false },
  { code: 'ar', name: 'العربية', complete: false, enabled: false },
  { code: 'fa', name: 'فارسی', complete: false, enabled: false },
  { code: 'ur', name: 'اردو', complete: false, enabled: false },
  { code: 'ne', name: 'नेपाली', complete: false, enabled: false },
  { code: 'si', name: 'සිංහල', complete: false, enabled: false },
  { code: 'mn', name: 'Монгол', complete: false, enabled: false },
  { code: 'kk', name: 'Қазақ', complete: false, enabled: false },
  { code: 'uz', name: 'Oʻzbek', complete: false, enabled: false },
  { code: 'pl', name: 'Polski', complete: false, enabled: false },
  { code: 'nl', name: 'Nederlands', complete: false, enabled: false },
  { code: 'uk', name: 'Українська', complete: false, enabled: false },
];

export const DEFAULT_SITE_CONFIG: TSiteConfig = {
  whitelabel: {
    USERNAMEREG3: true,
    MOBILENUMREG3: true,
    MOBILENUMPASSREG3: true,
    REGMOBVERF3: true,
    FREEPLAY3: true,
    PWDEXPFORCECHANGE3: true,
    MOBILEVERCODELOGIN3: true,
    CHNGPASSVERIF3: true,
    showCaptcha: false,
    LOGINREQHOME3: false,
    REGBUTTON3: true,
    PWDLOGIN3: true,
    GOOGLELOGIN3: false,
    FACEBOOKLOGIN3: false,
  },
  register: DEFAULT_REGISTER,
  languages: { default: 'th', languages: LANGUAGE_LIST },
  maintenance: {
    startTime: null,
    endTime: null,
    info: {
      th: 'เว็บไซต์กำลังปรับปรุงระบบเพื่อให้บริการที่ดียิ่งขึ้น ขออภัยในความไม่สะดวก',
      en: 'We are upgrading the site to serve you better. Sorry for the inconvenience.',
    },
  },
  region: {
    blockedCountries: [],
    blockedCidrs: [],
    allowedCidrs: [],
    countryRanges: [],
    info: {
      th: 'ขออภัย บริการของเราไม่เปิดให้ใช้งานในพื้นที่ของคุณ',
      en: 'Sorry, our service is not available in your region.',
    },
  },
  domains: {
    allowedHosts: [],
    routes: {
      '0': [
        { domainName: 'www.lotus.example', speed: 35 },
        { domainName: 'www2.lotus.example', speed: 60 },
      ],
      '3': [
        { domainName: 'm.lotus.example', speed: 40 },
        { domainName: 'm2.lotus.example', speed: 75 },
      ],
    },
    /** Empty = this site's own origin serves images and game launches. */
    imageCDNs: [],
    launchGameCDNs: [],
  },
  analytics: { gtagId: null },
  resources: [
    {
      resourceType: 'APP_ANDROID',
      url: '/download',
      qrCodeUrl: null,
      labelNameEn: 'Android app',
    },
    { resourceType: 'APP_IOS', url: '/download', qrCodeUrl: null, labelNameEn: 'iOS app' },
  ],
  brand: {
    siteName: 'Lotus',
    merchantCode: 'lotus',
    currencySymbol: '฿',
    copyright: '© 2025 Lotus. All rights reserved.',
  },
  // Withdrawals (docs/adr/0028): 100.00 - 50,000.00 THB, 5 a day, all day (Asia/Bangkok), turnover
  // 1x the last deposit, a paid-out withdrawal unanswered for 30 minutes counts as received (9.C.16).
  withdrawal: {
    minAmount: '100.00',
    maxAmount: '50000.00',
    dailyCount: 5,
    hours: { from: '00:00', to: '24:00' },
    turnoverMultiple: 1,
    autoReceiptMinutes: 30,
  },
  // 20 MB of slips and proofs a member a day (issue 23 #4, docs/adr/0069): a dozen phone photos.
  uploads: { dailyBytesPerMember: 20 * 1024 * 1024 },
  // The cashier desk (issue 24, docs/adr/0081): a manual deposit approval above 20,000.00 THB, a payout
  // above 10,000.00 (the single-handed examples were a 50,000.00 deposit and a 20,000.00 payout), and any
  // slip-less bank transfer wait for a second operator; one operator approves at most 500,000.00 of
  // deposits and pays out at most 500,000.00 a Bangkok day.
  cashierControls: {
    depositApprovalAbove: '20000.00',
    payoutAbove: '10000.00',
    dailyApprovedPerOperator: '500000.00',
    dailyPaidPerOperator: '500000.00',
  },
  // Members' balances stay private to them and the operators until a site decides otherwise (PDPA; docs/adr/0101).
  agents: { teamBalances: 'hidden' },
};
