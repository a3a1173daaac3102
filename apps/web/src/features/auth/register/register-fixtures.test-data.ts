import type { TMemberInfo } from '@lotus/contracts/auth';
import type { TFieldRule } from '@lotus/contracts/register-patterns';
import type { TRegisterSettings, TWhitelabel } from '@lotus/contracts/system';

/** Test data of the accounts forms: the demo site's registration rules and flags (server seed). */
export const rule = (enabled: boolean, required: boolean, patternId: number, minLength: number, maxLength: number, acceptedPattern = ''): TFieldRule => ({
  enabled,
  required,
  patternId,
  minLength,
  maxLength,
  acceptedPattern,
});

export const RULES: TRegisterSettings = {
  username: rule(true, true, 2, 2, 15),
  password: rule(true, true, 12, 6, 20),
  confirmPassword: rule(true, true, 12, 6, 20),
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

export const FLAGS: TWhitelabel = {
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
};


/** A member info answer (3.MEM). */
export const MEMBER: TMemberInfo = {
  id: 7,
  account: 'alice01',
  nickname: 'alice01',
  customerId: 'C7',
  type: 1,
  isAgent: 0,
  toUpline: false,
  clubLabel: { labelName: '', rankLevel: 0 },
  memberLabel: [],
  balance: '0.00',
  currencySymbol: '฿',
  unreadMessage: 0,
  availablePromoCount: 0,
  vipRankLevel: 0,
  twoFactorEnabled: false,
  mobileNum: null,
  email: null,
  lastLoginAt: null,
};
