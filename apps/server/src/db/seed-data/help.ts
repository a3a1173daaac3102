import type { z } from 'zod';
import type { ZHelpArticleInput } from '@lotus/contracts/ops';

type HelpSeed = z.input<typeof ZHelpArticleInput>;

type Article = { slug: string; title: string; content: string };
type Category = { key: string; title: string; sort: number; articles: Article[] };

/** Help centre (7.SYS.05): categories about, terms (slug 'term', for /help#term), faq, responsible gaming, privacy. */
const TH: Category[] = [
  {
    key: 'about',
    title: 'เกี่ยวกับเรา',
    sort: 100,
    articles: [
      {
        slug: 'about-lotus',
        title: 'เกี่ยวกับ Lotus',
        content: `<p><strong>Lotus</strong> คือแพลตฟอร์มเกมออนไลน์ที่รวมคาสิโนสด สล็อต เกมยิงปลา เกมไพ่ กีฬา หวย และไก่ชน ไว้ในที่เดียว เราให้บริการตลอด 24 ชั่วโมงด้วยระบบที่ปลอดภัยและโปร่งใส</p>
<h3>สิ่งที่เรายึดถือ</h3>
<ul>
<li>ความปลอดภัยของข้อมูลและเงินของสมาชิกมาก่อนเสมอ</li>
<li>ฝาก–ถอนรวดเร็ว ตรวจสอบรายการได้ทุกขั้นตอน</li>
<li>ทีมงานบริการลูกค้าพร้อมช่วยเหลือทุกวัน ทั้งภาษาไทยและภาษาอังกฤษ</li>
</ul>
<p>เกมของเราให้บริการภายใต้ใบอนุญาตจากมอลตา หมู่เกาะบริติชเวอร์จิน และฟิลิปปินส์</p>`,
      },
      {
        slug: 'contact-us',
        title: 'ติดต่อเรา',
        content: `<p>ติดต่อฝ่ายบริการลูกค้าได้ตลอด 24 ชั่วโมงผ่านแชทสดที่แถบด้านขวาของหน้าเว็บ หรือทาง LINE, Telegram และอีเมล <a href="mailto:support@lotus.example">support@lotus.example</a></p>
<p>เพื่อความรวดเร็ว กรุณาแจ้งชื่อผู้ใช้ของคุณทุกครั้ง แต่<strong>ห้ามแจ้งรหัสผ่านหรือรหัส OTP</strong> แก่ผู้ใด</p>`,
      },
    ],
  },
  {
    key: 'terms',
    title: 'ข้อกำหนดและเงื่อนไข',
    sort: 200,
    articles: [
      {
        slug: 'term',
        title: 'ข้อกำหนดและเงื่อนไขการใช้บริการ',
        content: `<h3>1. การยอมรับข้อกำหนด</h3>
<p>เมื่อสมัครสมาชิกหรือใช้บริการของ Lotus ถือว่าคุณได้อ่าน เข้าใจ และยอมรับข้อกำหนดเหล่านี้ทั้งหมด</p>
<h3>2. คุณสมบัติของสมาชิก</h3>
<p>ผู้สมัครต้องมีอายุ 18 ปีบริบูรณ์ขึ้นไป และต้องไม่อยู่ในพื้นที่ที่กฎหมายห้ามการเล่นเกมออนไลน์ สมาชิกหนึ่งคนมีบัญชีได้เพียงบัญชีเดียว</p>
<h3>3. บัญชีและความปลอดภัย</h3>
<p>สมาชิกมีหน้าที่เก็บรักษาชื่อผู้ใช้และรหัสผ่านเป็นความลับ รายการที่เกิดขึ้นจากบัญชีของคุณถือเป็นความรับผิดชอบของคุณ</p>
<h3>4. การฝากและถอนเงิน</h3>
<p>ชื่อบัญชีธนาคารที่ใช้ถอนเงินต้องตรงกับชื่อจริงที่ลงทะเบียนไว้ เราอาจขอเอกสารยืนยันตัวตนก่อนอนุมัติการถอน</p>
<h3>5. โบนัสและโปรโมชั่น</h3>
<p>โปรโมชั่นแต่ละรายการมีเงื่อนไขเฉพาะ เช่น ยอดเทิร์นโอเวอร์ขั้นต่ำ การใช้โบนัสโดยมิชอบอาจทำให้โบนัสและกำไรถูกยกเลิก</p>
<h3>6. การเปลี่ยนแปลงข้อกำหนด</h3>
<p>เราอาจปรับปรุงข้อกำหนดนี้เป็นครั้งคราว และจะแจ้งให้ทราบผ่านประกาศบนเว็บไซต์</p>`,
      },
    ],
  },
  {
    key: 'faq',
    title: 'คำถามที่พบบ่อย',
    sort: 300,
    articles: [
      {
        slug: 'faq-register',
        title: 'สมัครสมาชิกอย่างไร?',
        content: `<p>กดปุ่ม <strong>สมัครสมาชิก</strong> ที่มุมขวาบน เลือกสมัครด้วยชื่อผู้ใช้หรือเบอร์มือถือ กรอกข้อมูลให้ครบ ยอมรับข้อกำหนด แล้วกดยืนยัน</p>
<p>ชื่อผู้ใช้ต้องยาว 2–15 ตัวอักษร ขึ้นต้นด้วยตัวอักษรภาษาอังกฤษ และรหัสผ่านต้องมีอย่างน้อย 6 ตัวอักษรที่มีทั้งตัวอักษรและตัวเลข</p>`,
      },
      {
        slug: 'faq-deposit',
        title: 'ฝากเงินใช้เวลานานเท่าไร?',
        content: `<p>การฝากผ่านพร้อมเพย์และ QR โดยปกติเข้าบัญชีภายใน 1–3 นาที หากเกิน 15 นาที กรุณาติดต่อแชทสดพร้อมสลิปการโอน</p>`,
      },
      {
        slug: 'faq-withdraw',
        title: 'ถอนเงินอย่างไร?',
        content: `<p>ไปที่ <strong>ศูนย์สมาชิก &gt; ถอนเงิน</strong> ระบุจำนวนเงินและรหัสผ่านสำหรับถอนเงิน เงินจะโอนเข้าบัญชีที่ผูกไว้ภายใน 5–30 นาที</p>
<p>เมื่อได้รับเงินแล้ว กรุณายืนยันการรับเงินในหน้ารายการถอน</p>`,
      },
      {
        slug: 'faq-password',
        title: 'ลืมรหัสผ่านต้องทำอย่างไร?',
        content: `<p>กด <strong>ลืมรหัสผ่าน</strong> ที่หน้าเข้าสู่ระบบ แล้วรีเซ็ตด้วยเบอร์มือถือ (รับรหัส SMS) หรืออีเมลที่ลงทะเบียนไว้</p>`,
      },
    ],
  },
  {
    key: 'responsible-gaming',
    title: 'การเล่นอย่างมีความรับผิดชอบ',
    sort: 400,
    articles: [
      {
        slug: 'responsible-gaming',
        title: 'เล่นอย่างมีความรับผิดชอบ',
        content: `<p>การเล่นเกมควรเป็นความบันเทิง ไม่ใช่ช่องทางหารายได้ เราแนะนำให้คุณ:</p>
<ul>
<li>ตั้งงบประมาณและเวลาการเล่นล่วงหน้า และหยุดเมื่อถึงขีดจำกัด</li>
<li>ไม่เล่นเพื่อไล่ตามยอดเสีย</li>
<li>ไม่ใช้เงินที่จำเป็นสำหรับค่าใช้จ่ายในชีวิตประจำวัน</li>
<li>พักเป็นระยะ และพูดคุยกับคนใกล้ชิดหากรู้สึกว่าควบคุมการเล่นไม่ได้</li>
</ul>
<p>หากต้องการจำกัดวงเงินฝากหรือปิดบัญชีชั่วคราว ติดต่อฝ่ายบริการลูกค้าได้ตลอด 24 ชั่วโมง ผู้ที่อายุต่ำกว่า 18 ปีห้ามใช้บริการ</p>`,
      },
    ],
  },
  {
    key: 'privacy',
    title: 'นโยบายความเป็นส่วนตัว',
    sort: 500,
    articles: [
      {
        slug: 'privacy',
        title: 'นโยบายความเป็นส่วนตัว',
        content: `<p>เราเก็บข้อมูลเท่าที่จำเป็นต่อการให้บริการ ได้แก่ ชื่อผู้ใช้ เบอร์มือถือ อีเมล ข้อมูลบัญชีธนาคาร และประวัติการทำรายการ</p>
<h3>การใช้ข้อมูล</h3>
<p>ข้อมูลใช้เพื่อยืนยันตัวตน ดำเนินการฝาก–ถอน ป้องกันการทุจริต และแจ้งข่าวสารที่คุณเลือกรับ</p>
<h3>การเปิดเผยข้อมูล</h3>
<p>เราไม่ขายข้อมูลส่วนบุคคล และจะเปิดเผยต่อผู้ให้บริการที่เกี่ยวข้องหรือหน่วยงานตามกฎหมายเท่านั้น</p>
<h3>สิทธิ์ของคุณ</h3>
<p>คุณขอเข้าถึง แก้ไข หรือลบข้อมูลของคุณได้โดยติดต่อฝ่ายบริการลูกค้า</p>`,
      },
    ],
  },
];

const EN: Category[] = [
  {
    key: 'about',
    title: 'About us',
    sort: 100,
    articles: [
      {
        slug: 'about-lotus',
        title: 'About Lotus',
        content: `<p><strong>Lotus</strong> is an online gaming platform that brings live casino, slots, fishing, card games, sports, lottery and cockfighting together in one place. We are open 24 hours a day on a secure and transparent system.</p>
<h3>What we stand for</h3>
<ul>
<li>The safety of our members' data and money comes first.</li>
<li>Fast deposits and withdrawals you can follow at every step.</li>
<li>A customer-service team ready every day, in Thai and English.</li>
</ul>
<p>Our games are offered under licences from Malta, the British Virgin Islands and the Philippines.</p>`,
      },
      {
        slug: 'contact-us',
        title: 'Contact us',
        content: `<p>Customer service is available 24 hours a day through the live chat in the right-hand bar, or on LINE, Telegram and by email at <a href="mailto:support@lotus.example">support@lotus.example</a>.</p>
<p>To help us answer quickly, always include your username, but <strong>never share your password or OTP code</strong> with anyone.</p>`,
      },
    ],
  },
  {
    key: 'terms',
    title: 'Terms and conditions',
    sort: 200,
    articles: [
      {
        slug: 'term',
        title: 'Terms and conditions of use',
        content: `<h3>1. Acceptance</h3>
<p>By registering or using Lotus you confirm that you have read, understood and accepted these terms in full.</p>
<h3>2. Eligibility</h3>
<p>You must be at least 18 years old and must not be located where online gaming is prohibited by law. Each person may hold one account only.</p>
<h3>3. Your account and its security</h3>
<p>Keep your username and password confidential. Activity on your account is your responsibility.</p>
<h3>4. Deposits and withdrawals</h3>
<p>The bank account used for withdrawals must be in the real name you registered. We may ask for identity documents before approving a withdrawal.</p>
<h3>5. Bonuses and promotions</h3>
<p>Each promotion has its own conditions, such as a minimum turnover. Abuse of bonuses may lead to the bonus and related winnings being cancelled.</p>
<h3>6. Changes</h3>
<p>We may update these terms from time to time and will announce changes on the site.</p>`,
      },
    ],
  },
  {
    key: 'faq',
    title: 'Frequently asked questions',
    sort: 300,
    articles: [
      {
        slug: 'faq-register',
        title: 'How do I register?',
        content: `<p>Press <strong>Register</strong> at the top right, choose to register with a username or a mobile number, fill in the form, accept the terms and confirm.</p>
<p>Usernames are 2–15 characters and start with a letter; passwords have at least 6 characters with both letters and digits.</p>`,
      },
      {
        slug: 'faq-deposit',
        title: 'How long does a deposit take?',
        content: `<p>PromptPay and QR deposits usually arrive within 1–3 minutes. If it takes longer than 15 minutes, contact live chat with your transfer slip.</p>`,
      },
      {
        slug: 'faq-withdraw',
        title: 'How do I withdraw?',
        content: `<p>Go to <strong>Member centre &gt; Withdraw</strong>, enter the amount and your withdrawal password. The money reaches your linked bank account within 5–30 minutes.</p>
<p>Once it has arrived, please confirm receipt on the withdrawal record.</p>`,
      },
      {
        slug: 'faq-password',
        title: 'I forgot my password',
        content: `<p>Press <strong>Forgot password</strong> on the login screen and reset it with your mobile number (SMS code) or your registered email.</p>`,
      },
    ],
  },
  {
    key: 'responsible-gaming',
    title: 'Responsible gaming',
    sort: 400,
    articles: [
      {
        slug: 'responsible-gaming',
        title: 'Play responsibly',
        content: `<p>Gaming should be entertainment, not a way to earn money. We recommend that you:</p>
<ul>
<li>Set a budget and a time limit before you play, and stop when you reach them.</li>
<li>Never chase losses.</li>
<li>Never play with money you need for everyday expenses.</li>
<li>Take regular breaks, and talk to someone close to you if you feel you are losing control.</li>
</ul>
<p>To set a deposit limit or close your account for a while, contact customer service at any time. Nobody under 18 may use the service.</p>`,
      },
    ],
  },
  {
    key: 'privacy',
    title: 'Privacy policy',
    sort: 500,
    articles: [
      {
        slug: 'privacy',
        title: 'Privacy policy',
        content: `<p>We collect only what we need to provide the service: your username, mobile number, email, bank account details and transaction history.</p>
<h3>How we use it</h3>
<p>To verify your identity, process deposits and withdrawals, prevent fraud, and send the news you chose to receive.</p>
<h3>Sharing</h3>
<p>We never sell personal data. We share it only with the providers involved in a service you use, or with authorities where the law requires.</p>
<h3>Your rights</h3>
<p>You may ask to see, correct or delete your data by contacting customer service.</p>`,
      },
    ],
  },
];

const flatten = (language: string, categories: Category[]): HelpSeed[] =>
  categories.flatMap((c) =>
    c.articles.map((a, i) => ({
      categoryKey: c.key,
      categoryTitle: c.title,
      slug: a.slug,
      language,
      title: a.title,
      content: a.content,
      sort: c.sort + i,
    })),
  );

export const SEED_HELP: HelpSeed[] = [...flatten('th', TH), ...flatten('en', EN)];
