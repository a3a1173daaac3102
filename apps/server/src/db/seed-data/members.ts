/**
 * Demo members (issue 3). `npm start` prints them with their passwords while the passwords still
 * work. Referral codes are fixed so the affiliate link of the demo agent is predictable
 * (/register?affiliateCode=LOTUS01).
 */
export type DemoMember = {
  role: string;
  username: string;
  password: string;
  note: string;
  isAgent: number;
  referralCode: string;
  mobile: { dial: string; national: string } | null;
  email: string | null;
  payeeName: string | null;
};

export const DEMO_MEMBERS: DemoMember[] = [
  {
    role: 'member',
    username: 'demo',
    password: 'Demo1234',
    note: 'mobile +66 812345678',
    isAgent: 0,
    referralCode: 'DEMO0001',
    mobile: { dial: '66', national: '812345678' },
    email: 'demo@lotus.example',
    payeeName: 'DEMO MEMBER',
  },
  {
    role: 'agent',
    username: 'agent01',
    password: 'Agent1234',
    note: 'agent level 1, affiliate code LOTUS01',
    isAgent: 1,
    referralCode: 'LOTUS01',
    mobile: null,
    email: 'agent01@lotus.example',
    payeeName: 'DEMO AGENT',
  },
  {
    role: 'member',
    username: 'weakpw',
    password: '123456',
    note: 'must change the weak password at login',
    isAgent: 0,
    referralCode: 'WEAKPW01',
    mobile: null,
    email: null,
    payeeName: null,
  },
];
