// Zod-free constants of the contracts: the web app's first load imports these without pulling zod in.

export const SYSTEM_STATUS = { normal: 0, maintenance: 1, regionRestricted: 2 } as const;

/**
 * Whitelabel switches. The first nine are the spec's list; the rest are named by this project
 * (decisions 2.R.33, 2.LGN.09), see docs/adr/0003-site-flags.md.
 */
export const WHITELABEL_FLAGS = [
  'USERNAMEREG3',
  'MOBILENUMREG3',
  'MOBILENUMPASSREG3',
  'REGMOBVERF3',
  'FREEPLAY3',
  'PWDEXPFORCECHANGE3',
  'MOBILEVERCODELOGIN3',
  'CHNGPASSVERIF3',
  'showCaptcha',
  'LOGINREQHOME3',
  'REGBUTTON3',
  'PWDLOGIN3',
  'GOOGLELOGIN3',
  'FACEBOOKLOGIN3',
] as const;

export const REGISTER_FIELDS = [
  'username',
  'password',
  'confirmPassword',
  'payeeName',
  'email',
  'qqNum',
  'mobileNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'paymentPassword',
  'birthday',
  'affiliateCode',
  'referralCode',
  'recommenderId',
] as const;

export const BANNER_GROUPS = [
  'w_home',
  'w_rng',
  'w_live',
  'w_fish',
  'w_pvp',
  'w_sports',
  'w_esports',
  'w_lott',
  'w_cockfight',
  'w_promotion',
  'w_shop',
  'w_help',
  'w_reg',
  'w_login',
  'w_forget',
] as const;

export const CS_TYPES = [
  'LIVECHAT',
  'VIP',
  'LINE',
  'TELEGRAM',
  'FACEBOOK',
  'WHATSAPP',
  'EMAIL',
  'ZALO',
] as const;

export const FEEDBACK_TYPES = ['SUGGESTION', 'COMPLAINT', 'BUG', 'OTHER'] as const;

export type TWhitelabelFlag = (typeof WHITELABEL_FLAGS)[number];

export type TRegisterField = (typeof REGISTER_FIELDS)[number];

export type TBannerGroup = (typeof BANNER_GROUPS)[number];

export type TCsType = (typeof CS_TYPES)[number];

/** Every relay name of spec 7.RELAY. A relay call is `GET /wps/relay/<NAME>?<params>`. */
export const RELAY_NAMES = [
  'MCSFE_getPlayerAvatar',
  'GCS_walletTransfer',
  'GCS_gameLaunchFB',
  'GCSGAME_hotGamesV2',
  'GCSGAME_gameList',
  'MCSFE_getListAnnouncements',
  'GCSGAME_getVassGameType',
  'GCSGAME_newGameVendor',
  'MCSFE_getFavoriteGames',
  'MCSFE_getFavoriteGamesList',
  'GCS_recentGame',
  'GLS2_roomList',
  'MCSFE_getMissionSummaryDetails',
  'MCSFE_getMissionLeaderboard',
  'MCS2_processDividendReq',
  'MCS2_processDailySalContract',
  'MCS2_processContractHourSalary',
  'MCSFE_processRealTimeSalaryContract',
  'GCS_merchantWallet',
  'GCSGAME_getRankList',
  'MCS2_claimRafflePromotion',
  'CSP_unreadCount',
  'MCS2_getPointBalance',
  'MCS2_getPointReward',
  'MCS2_getRedeemPointList',
  'MCS2_getPointConfig',
  'ODSFE2_MemTransDet',
  'passwordCheck/MCS2_redeemPointReward',
  'passwordCheck/MCS2_convertPoint',
] as const;

/**
 * Announcement types (decision 3.ANN.02): B notice bar, PL notice page list, PU popup ('news' modal
 * on entry), PR promotion notice, H help-centre notice (not requested by the site).
 */
export const ANNOUNCEMENT_TYPES = ['B', 'PL', 'PU', 'PR', 'H'] as const;
/**
 * The notice types operators write: the announcement types, and `AG`, a notice to agents, shown only in the agent
 * centre's Announcement page (`/wps/agent/notices`, docs/adr/0100), never by the public announcement call.
 */
export const NOTICE_TYPES = [...ANNOUNCEMENT_TYPES, 'AG'] as const;

export const GAME_TYPES = [
  'RNG',
  'LIVE',
  'SPORTS',
  'ESPORTS',
  'FISH',
  'PVP',
  'LOTT',
  'ELOTT',
  'COCKFIGHT',
] as const;

export type TRelayName = (typeof RELAY_NAMES)[number];

export type TGameType = (typeof GAME_TYPES)[number];
