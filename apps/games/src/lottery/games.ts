/**
 * The house lottery's games (docs/lottery.md, ADR 0092): one game per draw series. A game is data the
 * operator edits later (its row in house_lotto_games); this table is what a new database starts with.
 *
 * Times are wall-clock times in the game's own zone (Asia/Bangkok for Thai and electronic draws,
 * Asia/Ho_Chi_Minh for Vietnamese ones): both are UTC+7 all year today, but a draw is placed by its zone's
 * rules, never by an offset written here. Weekdays are the spec's lobby filter values (2.LOB.02):
 * 1 = Sunday ... 7 = Saturday.
 */

export type ResultFormat = 'thai' | 'thai-2015' | 'elott' | 'vn-north' | 'vn-south';
export type LottoRegion = 'TH' | 'VN_NORTH' | 'VN_SOUTH' | 'VN_CENTRAL' | 'ELECTRONIC';
export type LottoTimeZone = 'Asia/Bangkok' | 'Asia/Ho_Chi_Minh';
/** 1 = Sunday ... 7 = Saturday (2.LOB.02). */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export type LottoSchedule =
  /** The Thai Government Lottery: the 1st and the 16th of each month, with its standing moves (schedule.ts). */
  | { kind: 'thai-semimonthly'; drawTime: string }
  /** Vietnamese lotteries: on the listed weekdays (North: every day), at the region's draw time. */
  | { kind: 'weekly'; days: readonly Weekday[]; drawTime: string }
  /** Electronic draws: every N minutes of the zone's day, from midnight. */
  | { kind: 'interval'; everyMinutes: number };

export type LottoGameDefinition = {
  code: string;
  region: LottoRegion;
  format: ResultFormat;
  timeZone: LottoTimeZone;
  names: { th: string; en: string; vi?: string };
  schedule: LottoSchedule;
  /** Sales close this long before the draw. */
  closeSecondsBefore: number;
  /**
   * Seconds before the close at which the game locks (the spec's lockTime, 4.LOT.02): no ticket is sold
   * from close - lock on, whatever a page still shows.
   */
  lockSeconds: number;
};

const ALL_DAYS: readonly Weekday[] = [1, 2, 3, 4, 5, 6, 7];

/**
 * Vietnamese provinces by weekday (the state lottery companies' published rota, XSMN draws at 16:15 and
 * XSMT at 17:15 Vietnam time; XSMB every day at 18:15).
 */
const SOUTH: ReadonlyArray<readonly [code: string, vi: string, en: string, days: readonly Weekday[]]> = [
  ['HCM', 'TP. Hồ Chí Minh', 'Ho Chi Minh City', [2, 7]],
  ['DT', 'Đồng Tháp', 'Dong Thap', [2]],
  ['CM', 'Cà Mau', 'Ca Mau', [2]],
  ['BTR', 'Bến Tre', 'Ben Tre', [3]],
  ['VT', 'Vũng Tàu', 'Vung Tau', [3]],
  ['BL', 'Bạc Liêu', 'Bac Lieu', [3]],
  ['DNA', 'Đồng Nai', 'Dong Nai', [4]],
  ['CT', 'Cần Thơ', 'Can Tho', [4]],
  ['ST', 'Sóc Trăng', 'Soc Trang', [4]],
  ['TN', 'Tây Ninh', 'Tay Ninh', [5]],
  ['AG', 'An Giang', 'An Giang', [5]],
  ['BTH', 'Bình Thuận', 'Binh Thuan', [5]],
  ['VL', 'Vĩnh Long', 'Vinh Long', [6]],
  ['BD', 'Bình Dương', 'Binh Duong', [6]],
  ['TV', 'Trà Vinh', 'Tra Vinh', [6]],
  ['LA', 'Long An', 'Long An', [7]],
  ['BP', 'Bình Phước', 'Binh Phuoc', [7]],
  ['HG', 'Hậu Giang', 'Hau Giang', [7]],
  ['TG', 'Tiền Giang', 'Tien Giang', [1]],
  ['KG', 'Kiên Giang', 'Kien Giang', [1]],
  ['DL', 'Đà Lạt', 'Da Lat', [1]],
];

const CENTRAL: ReadonlyArray<readonly [code: string, vi: string, en: string, days: readonly Weekday[]]> = [
  ['TTH', 'Thừa Thiên Huế', 'Thua Thien Hue', [1, 2]],
  ['PY', 'Phú Yên', 'Phu Yen', [2]],
  ['DLK', 'Đắk Lắk', 'Dak Lak', [3]],
  ['QNM', 'Quảng Nam', 'Quang Nam', [3]],
  ['DNG', 'Đà Nẵng', 'Da Nang', [4, 7]],
  ['KH', 'Khánh Hòa', 'Khanh Hoa', [1, 4]],
  ['BDI', 'Bình Định', 'Binh Dinh', [5]],
  ['QT', 'Quảng Trị', 'Quang Tri', [5]],
  ['QB', 'Quảng Bình', 'Quang Binh', [5]],
  ['GL', 'Gia Lai', 'Gia Lai', [6]],
  ['NT', 'Ninh Thuận', 'Ninh Thuan', [6]],
  ['QNG', 'Quảng Ngãi', 'Quang Ngai', [7]],
  ['DNO', 'Đắk Nông', 'Dak Nong', [7]],
  ['KT', 'Kon Tum', 'Kon Tum', [1]],
];

const province = (
  region: 'VN_SOUTH' | 'VN_CENTRAL',
  drawTime: string,
  [code, vi, en, days]: readonly [string, string, string, readonly Weekday[]],
): LottoGameDefinition => ({
  code: `VN_${region === 'VN_SOUTH' ? 'MN' : 'MT'}_${code}`,
  region,
  format: 'vn-south',
  timeZone: 'Asia/Ho_Chi_Minh',
  names: { th: `หวยเวียดนาม ${en}`, en: `Vietnam ${en}`, vi: `Xổ số ${vi}` },
  schedule: { kind: 'weekly', days, drawTime },
  closeSecondsBefore: 900,
  lockSeconds: 60,
});

export const LOTTO_GAMES: readonly LottoGameDefinition[] = [
  {
    code: 'TH_GLO',
    region: 'TH',
    format: 'thai',
    timeZone: 'Asia/Bangkok',
    names: { th: 'หวยรัฐบาลไทย', en: 'Thai Government Lottery' },
    // The first prize is drawn by about 15:00-16:00; sales close at 14:30.
    schedule: { kind: 'thai-semimonthly', drawTime: '16:00' },
    closeSecondsBefore: 5400,
    lockSeconds: 60,
  },
  {
    code: 'VN_MB',
    region: 'VN_NORTH',
    format: 'vn-north',
    timeZone: 'Asia/Ho_Chi_Minh',
    names: { th: 'หวยฮานอย (เหนือ)', en: 'Vietnam North (Hanoi)', vi: 'Xổ số Miền Bắc' },
    schedule: { kind: 'weekly', days: ALL_DAYS, drawTime: '18:15' },
    closeSecondsBefore: 900,
    lockSeconds: 60,
  },
  ...SOUTH.map((p) => province('VN_SOUTH', '16:15', p)),
  ...CENTRAL.map((p) => province('VN_CENTRAL', '17:15', p)),
  {
    code: 'ELOTT_5M',
    region: 'ELECTRONIC',
    format: 'elott',
    timeZone: 'Asia/Bangkok',
    names: { th: 'หวยอิเล็กทรอนิกส์ 5 นาที', en: 'Electronic lottery, every 5 minutes' },
    schedule: { kind: 'interval', everyMinutes: 5 },
    // The draw is the slot's end; sales close 30 s before it, the beacon round comes after it (schedule.ts).
    closeSecondsBefore: 30,
    lockSeconds: 5,
  },
];
