import type { TAgentNotice, TTeamDays, TTeamMembers, TTeamOverview, TTeamProfit } from '@lotus/contracts/agent';
import type { TMemberInfo } from '@lotus/contracts/auth';
import { addDays, BANGKOK_OFFSET_MS, bangkokDay, DAY_MS } from '@lotus/contracts/calendar';
import { describe, expect, it, vi } from 'vitest';
import { agentKit, MIN, tier } from './agent-helpers';
import { createMember, STRONG_PASSWORD, type Member } from './factories';
import { body, createClock, useTestApp } from './helper';
import { depositTo } from './withdrawal-helpers';
import { createVendor, fundMember, vendorCaller } from './vendor-client';

/**
 * The agent centre's team pages (issue 28, 2.AC.02, 3.CON.01; docs/adr/0100): an agent makes its own members and a
 * sub-agent, sees its tree one level at a time, and its team overview from the rollup of the ledger; member info
 * carries the contract flags.
 */
const t = useTestApp({ clock: createClock() });
const { agentOf, topContract, answer, play } = agentKit(t);

const overview = async (m: Member, range = 'today') => {
  const res = await m.c.get(`/wps/agent/team/overview?range=${range}`);
  expect(res.statusCode, res.body).toBe(200);
  return body<TTeamOverview>(res).value!;
};
const team = async (m: Member, query = '') =>
  body<TTeamMembers>(await m.c.get(`/wps/agent/team/members?${query}`));
const makeDownline = (agent: Member, input: Record<string, unknown>) =>
  agent.c.enc('POST', '/wps/agent/team/members', input);

/** A member made by an agent, logged in: its first login asks for a new password (4.LOGIN.05), which it sets. */
const NEW_PASSWORD = 'Brighter8Lotus51';
async function loginAs(username: string): Promise<Member> {
  const c = t.client();
  await c.loginOk(username, STRONG_PASSWORD);
  const changed = await c.enc('PUT', '/wps/member/password', {
    oldPassword: STRONG_PASSWORD,
    newPassword: NEW_PASSWORD,
    confirmNewPassword: NEW_PASSWORD,
  });
  expect(body(changed).success, changed.body).toBe(true);
  await c.loginOk(username, NEW_PASSWORD);
  const info = body<TMemberInfo>(await c.get('/wps/member/info')).value!;
  return { id: info.id, username, password: NEW_PASSWORD, email: null, mobile: null, c };
}

describe('the agent centre: team', () => {
  it(
    '2.AC.02 3.CON.01 an agent makes members and a sub-agent; the tree, the team overview, team betting, profit and loss, and the contract flags',
    async () => {
      // "Today" is a Bangkok day: run away from its midnight (17:00 UTC), where the rounds and the overview's clock
      // could fall on two days.
      await vi.waitUntil(
        () => Math.abs(((Date.now() + BANGKOK_OFFSET_MS) % DAY_MS) - DAY_MS / 2) < DAY_MS / 2 - 3 * MIN,
        {
          timeout: 4 * MIN,
          interval: 1_000,
        },
      );
      const top = await agentOf('tmt');
      const flagsOf = async (m: Member) => {
        const info = body<TMemberInfo>(await m.c.get('/wps/member/info')).value!;
        return [info.divtypereq, info.dailysalreqtype, info.contracthoursalreq, info.realtimesalreqtype];
      };
      expect(await flagsOf(top)).toEqual([0, 0, 0, 0]);
      const offer = await topContract(top, { kind: 'daily', tiers: [tier('0', 0, 30)] });
      expect(await flagsOf(top)).toEqual([0, 1, 0, 0]);
      expect((await answer(top, 'daily', offer.id, 'accept')).statusCode).toBe(200);
      expect(await flagsOf(top)).toEqual([0, 2, 0, 0]);
      // A plain member's info carries no flags.
      const plain = await createMember(t);
      expect(body<TMemberInfo>(await plain.c.get('/wps/member/info')).value!.divtypereq).toBeUndefined();

      const suffix = top.username.slice(-5);
      expect(
        body(await makeDownline(top, { username: `sa${suffix}`, password: STRONG_PASSWORD, agent: true })),
      ).toMatchObject({
        value: { username: `sa${suffix}`, isAgent: true },
      });
      expect(
        body(await makeDownline(top, { username: `ma${suffix}`, password: STRONG_PASSWORD })),
      ).toMatchObject({ value: { isAgent: false } });
      // A name in use, a weak password: refused with their keys, nothing made.
      expect(
        body(await makeDownline(top, { username: `ma${suffix}`, password: STRONG_PASSWORD })).message,
      ).toBe('username_taken');
      expect(body(await makeDownline(top, { username: `mz${suffix}`, password: '123456' })).success).toBe(
        false,
      );
      const sub = await loginAs(`sa${suffix}`);
      expect(
        body(await makeDownline(sub, { username: `mb${suffix}`, password: STRONG_PASSWORD })).success,
      ).toBe(true);
      const m1 = await loginAs(`ma${suffix}`);
      const m2 = await loginAs(`mb${suffix}`);
      // Only an agent makes accounts.
      expect(
        (await makeDownline(m1, { username: `mc${suffix}`, password: STRONG_PASSWORD })).statusCode,
      ).toBe(403);

      const mine = await team(top);
      expect(mine.value).toMatchObject({ path: [top.username], total: 2 });
      expect(mine.value!.list.map((r) => [r.username, r.isAgent, r.level])).toEqual([
        [`ma${suffix}`, false, 1],
        [`sa${suffix}`, true, 1],
      ]);
      const below = await team(top, `parent=sa${suffix}`);
      expect(below.value).toMatchObject({
        path: [top.username, `sa${suffix}`],
        list: [{ username: `mb${suffix}`, level: 2 }],
      });
      // Balances stay hidden until the site shows them: its direct downlines', then the whole team's.
      expect(mine.value!.list.map((r) => r.balance)).toEqual([null, null]);
      expect((await t.ops('PUT', '/ops/config/agents', { teamBalances: 'direct' })).statusCode).toBe(200);
      expect((await team(top)).value!.list.map((r) => r.balance)).toEqual(['0.00', '0.00']);
      expect((await team(top, `parent=sa${suffix}`)).value!.list.map((r) => r.balance)).toEqual([null]);
      expect((await t.ops('PUT', '/ops/config/agents', { teamBalances: 'team' })).statusCode).toBe(200);
      expect((await team(top, `parent=sa${suffix}`)).value!.list.map((r) => r.balance)).toEqual(['0.00']);
      expect((await t.ops('PUT', '/ops/config/agents', { teamBalances: 'everyone' })).statusCode).toBe(400);
      // Outside the team: the same answer as an unknown name.
      expect((await team(top, `parent=${plain.username}`)).message).toBe('downline_not_found');
      expect((await team(top, 'parent=nobody_here')).message).toBe('downline_not_found');
      expect((await team(sub, `parent=${top.username}`)).message).toBe('downline_not_found');

      const v = vendorCaller(t, await createVendor(t));
      // The vendor's catalogue: a slot and a fishing game (a third game it plays is not listed: OTHER).
      const listed = (gameCode: string, gameType: string) => ({
        gameCode,
        gameType,
        names: { th: gameCode, en: gameCode },
        classification: 'VIDEO_SLOT',
        minBet: '20',
        lines: 25,
        thumbnailUrl: `/media/games/${gameCode}.svg`,
        isHot: false,
        freePlay: false,
        status: 'ACTIVE',
      });
      expect(
        (await v.call('games/sync', { requestId: 'agt-sync', games: [listed('AGSLOT', 'RNG'), listed('AGFISH', 'FISH')] })).json(),
      ).toMatchObject({ status: 'OK' });
      await depositTo(t, m1.id, 300_00n);
      await fundMember(t, m2.id, 100_00n);
      await play(v, m1, '60.00', '0');
      await play(v, m1, '40.00', '0', 'AGFISH');
      await play(v, m2, '30.00', '20.00', 'AGFISH');
      await play(v, m2, '20.00', '0', 'AGNEW');
      await depositTo(t, m1.id, 50_00n);

      t.clock.advance(MIN);
      expect(await t.app.services.agent.team.rollupDue()).toBeGreaterThan(0);
      const today = await overview(top);
      expect(today).toMatchObject({
        range: 'today',
        members: 3,
        directMembers: 2,
        agents: 1,
        newMembers: 3,
        activeMembers: 2,
        firstDeposits: 1,
        deposits: '350.00',
        stakes: '150.00',
        wins: '20.00',
        net: '130.00',
        contracts: { dailysalreqtype: 2, divtypereq: 0 },
      });
      expect(today.affiliateCode).toMatch(/^[A-Z0-9]+$/i);
      expect(await overview(sub)).toMatchObject({
        members: 1,
        activeMembers: 1,
        stakes: '50.00',
        wins: '20.00',
        newMembers: 1,
      });
      // Rolling up again adds nothing; this week and this month hold today.
      await t.app.services.agent.team.rollupDue();
      expect((await overview(top)).stakes).toBe('150.00');
      expect(await overview(top, 'week')).toMatchObject({ stakes: '150.00', activeMembers: 2 });
      expect(await overview(top, 'month')).toMatchObject({ stakes: '150.00', activeMembers: 2 });
      expect(await overview(top, 'yesterday')).toMatchObject({ stakes: '0.00', activeMembers: 0 });
      // Team betting: the team day by day; user profit and loss: each member who played, most staked first.
      const day0 = bangkokDay(t.clock.now());
      const days = body<TTeamDays>(
        await top.c.get(`/wps/agent/team/days?from=${addDays(day0, -6)}&to=${day0}`),
      ).value!;
      expect(days.list).toMatchObject([
        {
          day: day0,
          newMembers: 3,
          activeMembers: 2,
          firstDeposits: 1,
          deposits: '350.00',
          stakes: '150.00',
          wins: '20.00',
          net: '130.00',
        },
      ]);
      expect(days.totals).toEqual({
        deposits: '350.00',
        withdrawals: '0.00',
        stakes: '150.00',
        wins: '20.00',
        net: '130.00',
      });
      // Per game type, most staked first: the fishing game 70.00 (won 20.00), the slot 60.00, the unlisted game 20.00.
      expect(days.byGameType).toEqual([
        { gameType: 'FISH', stakes: '70.00', wins: '20.00', net: '50.00' },
        { gameType: 'RNG', stakes: '60.00', wins: '0.00', net: '60.00' },
        { gameType: 'OTHER', stakes: '20.00', wins: '0.00', net: '20.00' },
      ]);
      // User profit and loss of one game type.
      const fishing = body<TTeamProfit>(
        await top.c.get(`/wps/agent/team/profit?from=${day0}&to=${day0}&gameType=FISH`),
      ).value!;
      expect(fishing).toMatchObject({
        list: [
          { username: `ma${suffix}`, stakes: '40.00', wins: '0.00', profit: '-40.00' },
          { username: `mb${suffix}`, stakes: '30.00', wins: '20.00', profit: '-10.00' },
        ],
        totals: { stakes: '70.00', wins: '20.00', profit: '-50.00' },
      });
      expect(body(await top.c.get(`/wps/agent/team/profit?from=${day0}&to=${day0}&gameType=CHESS`))).toMatchObject({
        success: false,
        message: 'validation_failed',
      });
      const profit = body<TTeamProfit>(
        await top.c.get(`/wps/agent/team/profit?from=${day0}&to=${day0}`),
      ).value!;
      expect(profit).toMatchObject({
        list: [
          { username: `ma${suffix}`, level: 1, stakes: '100.00', wins: '0.00', profit: '-100.00' },
          { username: `mb${suffix}`, level: 2, stakes: '50.00', wins: '20.00', profit: '-30.00' },
        ],
        total: 2,
        totals: { stakes: '150.00', wins: '20.00', profit: '-130.00' },
      });
      const found = body<TTeamProfit>(
        await top.c.get(`/wps/agent/team/profit?from=${day0}&to=${day0}&search=mb${suffix.slice(0, 2)}`),
      ).value!;
      expect(found.list.map((r) => r.username)).toEqual([`mb${suffix}`]);
      // The sub-agent sees only its own team.
      const subProfit = body<TTeamProfit>(
        await sub.c.get(`/wps/agent/team/profit?from=${day0}&to=${day0}`),
      ).value!;
      expect(subProfit.list.map((r) => r.username)).toEqual([`mb${suffix}`]);
      // A range backwards or longer than 62 days: refused, nothing read.
      expect(
        body(await top.c.get(`/wps/agent/team/days?from=${day0}&to=${addDays(day0, -1)}`)),
      ).toMatchObject({ success: false, message: 'validation_failed' });
      expect(
        body(await top.c.get(`/wps/agent/team/profit?from=${addDays(day0, -62)}&to=${day0}`)),
      ).toMatchObject({ success: false, message: 'validation_failed' });

      // Announcement: operators' notices to agents (type AG), never in the public announcement call.
    const added = await t.ops('POST', '/ops/notices', { type: 'AG', title: `Agents ${suffix}`, content: '<p>New tiers from Monday</p><script>x()</script>' });
    expect(added.statusCode, added.body).toBe(200);
    const notices = body<TAgentNotice[]>(await top.c.get('/wps/agent/notices')).value!;
    expect(notices.find((n) => n.title === `Agents ${suffix}`)).toMatchObject({ content: '<p>New tiers from Monday</p>' });
    const publicList = body<{ title: string }[]>(await t.inject('/wps/relay/MCSFE_getListAnnouncements')).value!;
    expect(publicList.some((n) => n.title === `Agents ${suffix}`)).toBe(false);
    expect((await t.inject('/wps/relay/MCSFE_getListAnnouncements?types=AG')).statusCode).toBe(400);
    expect((await plain.c.get('/wps/agent/notices')).statusCode).toBe(403);

    // A plain member has no agent centre.
      expect((await plain.c.get('/wps/agent/team/overview')).statusCode).toBe(403);
    },
    5 * MIN,
  );
});
