import type { TLoginResult, TMemberInfo } from '@lotus/contracts/auth';

// Test data of the accounts feature (imported by *.test.ts(x) only).

export const memberInfo = (over: Partial<TMemberInfo> = {}): TMemberInfo => ({
  id: 1001,
  account: 'demo',
  nickname: 'DEMO MEMBER',
  customerId: '1001',
  type: 1,
  isAgent: 0,
  toUpline: false,
  clubLabel: { labelName: 'VIP 0', rankLevel: 0 },
  memberLabel: [],
  balance: '1234.50',
  currencySymbol: '฿',
  unreadMessage: 2,
  availablePromoCount: 1,
  vipRankLevel: 0,
  twoFactorEnabled: false,
  mobileNum: null,
  email: null,
  lastLoginAt: null,
  ...over,
});


export const loginResult = (over: Partial<TLoginResult> = {}): TLoginResult => ({
  token: 'tok-1',
  firstTimeLogin: false,
  passwordExpired: false,
  forceChangePassword: false,
  twoFactorRequired: false,
  twoFactorTicket: null,
  userInfo: memberInfo(),
  ...over,
});
