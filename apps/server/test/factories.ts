import type { TOpsRole } from '@lotus/contracts/ops-operators';
import { body, createTestOperator, uniqueMobile, uniqueName, type TestApp, type TestClient } from './helper';
import { repositories } from './repositories';

/** A password every rule accepts (length, classes, not common): the default of createMember. */
export const STRONG_PASSWORD = 'Sturdy7Mango42';

export type MemberOverrides = {
  /** Default: a unique name starting with `prefix` (default "m"). */
  username?: string;
  prefix?: string;
  password?: string;
  /** An email on the registration form (true: `<username>@example.com`). */
  email?: string | true;
  /** Set on the account after registration (true: a unique +66 number), for SMS notices. */
  mobile?: string | true;
  /** Set on the account after registration (default: left as registered). */
  language?: string | null;
  /** An email set on the account after registration (true: `<username>@example.com`), not on the form. */
  accountEmail?: string | true;
  /** Further fields of the registration form (referral code, agent code, ...). */
  form?: Record<string, unknown>;
  /** The client that registers (default a new one); it is logged in afterwards. */
  client?: TestClient;
};

export type Member = {
  id: number;
  username: string;
  password: string;
  email: string | null;
  /** +E.164 when a mobile was set on the account. */
  mobile: string | null;
  /** The client that registered: holds the member's session. */
  c: TestClient;
};

/**
 * A member registered through the API (POST /wps/member/register, as the web app does), with the
 * returned session on `c`. Overrides change only what a test cares about; anything set after
 * registration (mobile, language) goes through the member repository in one transaction.
 */
export async function createMember(t: TestApp, overrides: MemberOverrides = {}): Promise<Member> {
  const username = overrides.username ?? uniqueName(overrides.prefix ?? 'm');
  const password = overrides.password ?? STRONG_PASSWORD;
  const email = overrides.email === true ? `${username}@example.com` : (overrides.email ?? null);
  const accountEmail =
    overrides.accountEmail === true ? `${username}@example.com` : (overrides.accountEmail ?? undefined);
  const c = overrides.client ?? t.client();
  const res = await c.register({
    username,
    password,
    confirmPassword: password,
    ...(email ? { email } : {}),
    ...overrides.form,
  });
  if (!res.body.success) throw new Error(`register failed: ${res.body.message} ${JSON.stringify(res.body.fields ?? {})}`);
  const members = repositories(t).members;
  const row = await members.findByUsername(username);
  if (!row) throw new Error(`registered member ${username} not found`);
  const national =
    overrides.mobile === true ? uniqueMobile() : overrides.mobile ? overrides.mobile.replace(/^\+?66/, '') : null;
  if (national !== null || overrides.language !== undefined || accountEmail !== undefined) {
    await t.db.database.tx((tx) =>
      members.update(
        row.id,
        {
          ...(accountEmail !== undefined ? { email: accountEmail } : {}),
          ...(overrides.language !== undefined ? { language: overrides.language } : {}),
          ...(national ? { mobileNum: national, countryDialingCode: '66', mobileE164: `66${national}` } : {}),
        },
        tx,
      ),
    );
  }
  return { id: row.id, username, password, email: accountEmail ?? email, mobile: national ? `+66${national}` : null, c };
}

/** An operator of `role` with an API token, and a caller of the operator API with it. */
export const createOperator = (t: Pick<TestApp, 'app'>, { role = 'admin', username }: { role?: TOpsRole; username?: string } = {}) =>
  createTestOperator(t.app, role, username);

export { body };
