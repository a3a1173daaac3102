import type { Mailer } from '../mail/mail.transport';
import type { SmsProvider } from '../verification/sms.providers';
import type { Database } from '../../db/client';
import type { Tx } from '../../db/tx';
import type { Outbox } from '../../platform/outbox/outbox';
import type { MemberRepository } from './members/member.repository';

/**
 * Security notifications to the member (ASVS 2.2.3, docs/adr/0020): a mail when the member has an
 * email, otherwise an SMS to the member's number; nothing when neither is known. Every security
 * notice goes through `notifyMember`, which records it in the transactional outbox (kind
 * `member-notice`, in the caller's transaction when there is one) and it is delivered after the
 * commit, so the answer never waits for a gateway and a rolled-back change tells nobody.
 */
export type NotificationKind =
  | 'password_changed'
  | 'password_reset'
  | 'two_factor_enabled'
  | 'two_factor_disabled'
  | 'two_factor_locked'
  | 'login_failures';

type Lang = 'th' | 'en';
type Text = { subject: string; body: (name: string) => string };

const CONTACT = {
  th: 'หากไม่ใช่คุณ กรุณาเปลี่ยนรหัสผ่านทันทีและติดต่อฝ่ายบริการลูกค้า',
  en: 'If this was not you, change your password now and contact customer service.',
};

const TEXTS: Record<NotificationKind, Record<Lang, Text>> = {
  password_changed: {
    th: {
      subject: 'รหัสผ่าน Lotus ของคุณถูกเปลี่ยนแล้ว',
      body: (n) => `สวัสดี ${n}\n\nรหัสผ่านของบัญชีคุณเพิ่งถูกเปลี่ยน ${CONTACT.th}`,
    },
    en: {
      subject: 'Your Lotus password was changed',
      body: (n) => `Hello ${n},\n\nThe password of your account was just changed. ${CONTACT.en}`,
    },
  },
  password_reset: {
    th: {
      subject: 'รหัสผ่าน Lotus ของคุณถูกรีเซ็ตแล้ว',
      body: (n) => `สวัสดี ${n}\n\nรหัสผ่านของบัญชีคุณเพิ่งถูกรีเซ็ต และทุกอุปกรณ์ถูกออกจากระบบ ${CONTACT.th}`,
    },
    en: {
      subject: 'Your Lotus password was reset',
      body: (n) =>
        `Hello ${n},\n\nThe password of your account was just reset and every device was logged out. ${CONTACT.en}`,
    },
  },
  two_factor_enabled: {
    th: {
      subject: 'เปิดการยืนยันตัวตนสองขั้นตอนแล้ว',
      body: (n) => `สวัสดี ${n}\n\nการยืนยันตัวตนสองขั้นตอนของบัญชีคุณเพิ่งถูกเปิด อุปกรณ์อื่นถูกออกจากระบบ ${CONTACT.th}`,
    },
    en: {
      subject: 'Two-factor login was turned on',
      body: (n) =>
        `Hello ${n},\n\nTwo-factor login was just turned on for your account and your other devices were logged out. ${CONTACT.en}`,
    },
  },
  two_factor_disabled: {
    th: {
      subject: 'ปิดการยืนยันตัวตนสองขั้นตอนแล้ว',
      body: (n) => `สวัสดี ${n}\n\nการยืนยันตัวตนสองขั้นตอนของบัญชีคุณเพิ่งถูกปิด อุปกรณ์อื่นถูกออกจากระบบ ${CONTACT.th}`,
    },
    en: {
      subject: 'Two-factor login was turned off',
      body: (n) =>
        `Hello ${n},\n\nTwo-factor login was just turned off for your account and your other devices were logged out. ${CONTACT.en}`,
    },
  },
  two_factor_locked: {
    th: {
      subject: 'การยืนยันตัวตนสองขั้นตอนถูกล็อกชั่วคราว',
      body: (n) =>
        `สวัสดี ${n}\n\nมีการกรอกรหัสยืนยันตัวตนสองขั้นตอนผิดหลายครั้งหลังจากใส่รหัสผ่านของคุณถูกต้อง จึงล็อกขั้นตอนนี้ไว้ชั่วคราว ผู้อื่นอาจรู้รหัสผ่านของคุณ ${CONTACT.th}`,
    },
    en: {
      subject: 'Two-factor login is temporarily locked',
      body: (n) =>
        `Hello ${n},\n\nSomeone entered wrong two-factor codes many times after typing your correct password, so the second step is locked for a while. Someone may know your password. ${CONTACT.en}`,
    },
  },
  login_failures: {
    th: {
      subject: 'มีความพยายามเข้าสู่ระบบบัญชีของคุณที่ไม่สำเร็จหลายครั้ง',
      body: (n) =>
        `สวัสดี ${n}\n\nมีการพยายามเข้าสู่ระบบบัญชีของคุณด้วยรหัสผ่านผิดหลายครั้ง บัญชีของคุณไม่ได้ถูกล็อก และคุณยังเข้าสู่ระบบได้ตามปกติ ${CONTACT.th}`,
    },
    en: {
      subject: 'Several failed logins to your account',
      body: (n) =>
        `Hello ${n},\n\nThere were several login attempts to your account with a wrong password. Your account is not locked and you can still log in as usual. ${CONTACT.en}`,
    },
  },
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const languageOf = (language: string | null): Lang | null =>
  language?.toLowerCase().startsWith('th') ? 'th' : language?.toLowerCase().startsWith('en') ? 'en' : null;

/** The mail in the member's language when known; otherwise Thai first, then English. */
export function notificationText(kind: NotificationKind, name: string, language: string | null) {
  const lang = languageOf(language);
  if (lang) return { subject: TEXTS[kind][lang].subject, text: TEXTS[kind][lang].body(name) };
  return {
    subject: `${TEXTS[kind].th.subject} / ${TEXTS[kind].en.subject}`,
    text: `${TEXTS[kind].th.body(name)}\n\n---\n\n${TEXTS[kind].en.body(name)}`,
  };
}

/** The short SMS form (subject and what to do), same language rule. */
export function notificationSms(kind: NotificationKind, language: string | null): string {
  const lang = languageOf(language);
  const one = (l: Lang) => `Lotus: ${TEXTS[kind][l].subject}. ${CONTACT[l]}`;
  return lang ? one(lang) : `${one('th')}\n${one('en')}`;
}

type Deps = {
  database: Pick<Database, 'tx'>;
  members: Pick<MemberRepository, 'findById'>;
  mailer: Pick<Mailer, 'send'>;
  sms: Pick<SmsProvider, 'send'>;
  outbox: Pick<Outbox, 'enqueue' | 'handle'>;
};

export const MEMBER_NOTICE = 'member-notice';

export function createNotifier({ database, members, mailer, sms, outbox }: Deps) {
  /** Delivery (outbox handler): looks the member up at send time, so the text has today's contact. */
  async function deliver(memberId: number, kind: NotificationKind, id: string) {
    const m = await members.findById(memberId);
    if (!m) return;
    const { subject, text } = notificationText(kind, m.username, m.language);
    if (m.email) {
      const html = `<p>${escapeHtml(text).replace(/\n/g, '<br>')}</p>`;
      await mailer.send({ to: m.email, subject, text, html, id });
    } else if (m.mobileE164) {
      await sms.send({ to: `+${m.mobileE164}`, text: notificationSms(kind, m.language), id });
    }
  }
  outbox.handle(MEMBER_NOTICE, async (payload, { id }) => {
    const { memberId, kind } = payload as { memberId: number; kind: NotificationKind };
    await deliver(memberId, kind, id);
  });

  return {
    /**
     * Tells the member about a security event: recorded in `tx` (the change's own transaction) when
     * given, else in a transaction of its own right after the change. The payload holds no secret.
     */
    async notifyMember(memberId: number, kind: NotificationKind, tx?: Tx): Promise<void> {
      const message = { kind: MEMBER_NOTICE, payload: { memberId, kind } };
      if (tx) await outbox.enqueue(tx, message);
      else await database.tx((own) => outbox.enqueue(own, message));
    },
  };
}

export type Notifier = ReturnType<typeof createNotifier>;
