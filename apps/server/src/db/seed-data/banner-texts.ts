/**
 * The words of the demo banners (apps/server/media/banners), per language (issue 25, docs/adr/0076):
 * the headline and the line under it, as drawn in <name>-th.svg and <name>-en.svg
 * (scripts/banner-languages.ts) and as the banner's alternative text (its title).
 */
export const BANNER_TEXTS: Record<string, Record<'th' | 'en', { headline: string; subline: string }>> = {
  'home-welcome': {
    th: { headline: 'โบนัสต้อนรับ 100%', subline: 'สมาชิกใหม่ รับสูงสุด 5,000 บาท' },
    en: { headline: '100% welcome bonus', subline: 'New members get up to ฿5,000' },
  },
  'home-live': {
    th: { headline: 'คาสิโนสด 24 ชั่วโมง', subline: 'บาคาร่า รูเล็ต เสือมังกร กับดีลเลอร์ตัวจริง' },
    en: { headline: 'Live casino 24/7', subline: 'Baccarat, roulette and dragon tiger with real dealers' },
  },
  'home-jackpot': {
    th: { headline: 'แจ็กพอตแตกทุกวัน', subline: 'สล็อตกว่า 1,000 เกมจากค่ายชั้นนำ' },
    en: { headline: 'Jackpots every day', subline: '1,000+ slot games from top studios' },
  },
  'rng-jackpot': {
    th: { headline: 'สปินลุ้นแจ็กพอต', subline: 'PG · JILI · Pragmatic Play และอีกมากมาย' },
    en: { headline: 'Spin for the jackpot', subline: 'PG · JILI · Pragmatic Play and many more' },
  },
  'rng-freespins': {
    th: { headline: 'ฟรีสปินทุกวัน', subline: 'ฝากครบ 300 บาท รับ 20 ฟรีสปิน' },
    en: { headline: 'Free spins every day', subline: 'Deposit ฿300 and get 20 free spins' },
  },
  'live-baccarat': {
    th: { headline: 'บาคาร่าสด', subline: 'เดิมพันขั้นต่ำ 10 บาท ภาพคมชัดระดับ HD' },
    en: { headline: 'Live baccarat', subline: 'Bets from ฿10, in HD' },
  },
  'fish-ocean': {
    th: { headline: 'ยิงปลาล่ารางวัล', subline: 'ยิงปลาใหญ่ รับรางวัลสูงสุด 1,000 เท่า' },
    en: { headline: 'Ocean hunter', subline: 'Catch the big ones for up to 1,000x' },
  },
  'login-welcome': {
    th: { headline: 'ยินดีต้อนรับกลับ', subline: 'เข้าสู่ระบบเพื่อเล่นต่อและรับโปรโมชั่นพิเศษ' },
    en: { headline: 'Welcome back', subline: 'Log in to keep playing and unlock your offers' },
  },
  'register-bonus': {
    th: { headline: 'สมัครสมาชิกวันนี้', subline: 'สมัครง่ายใน 1 นาที รับโบนัสทันที' },
    en: { headline: 'Join Lotus today', subline: 'Sign up in a minute and get your bonus instantly' },
  },
  'forget-help': {
    th: { headline: 'ลืมรหัสผ่าน? เราช่วยได้', subline: 'รีเซ็ตผ่าน SMS หรืออีเมล หรือแชทกับเรา 24 ชม.' },
    en: { headline: 'Forgot your password?', subline: 'We can help: reset by SMS, email or chat, 24/7' },
  },
  'promotion-cashback': {
    th: { headline: 'คืนยอดเสีย 10% ทุกสัปดาห์', subline: 'ไม่ต้องทำเทิร์น รับได้ทุกวันจันทร์' },
    en: { headline: '10% weekly cashback', subline: 'No turnover, paid every Monday' },
  },
  'promotion-referral': {
    th: { headline: 'ชวนเพื่อน รับค่าคอมตลอดชีพ', subline: 'แชร์ลิงก์ของคุณ รับ 0.5% จากทุกยอดเล่นของเพื่อน' },
    en: { headline: 'Invite friends, earn for life', subline: 'Invite friends and earn 0.5% of every bet, for life' },
  },
};
