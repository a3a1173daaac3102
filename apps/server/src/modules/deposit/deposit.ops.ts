import { AppError } from '@lotus/contracts/app-error';
import { PROMPTPAY_BANK_CODE, promptPayTarget } from '@lotus/contracts/promptpay';
import {
  ZOpsPaymentChannelInput,
  ZOpsPaymentChannelPatch,
  type TOpsPaymentChannel,
} from '@lotus/contracts/cashier';
import { formatMinor, parseMinor } from '@lotus/contracts/money';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { paymentChannels } from '../../db/schema';
import type { OpsAuditNote } from '../../platform/audit/ops.audit';
import type { ChannelRow, DepositRepository } from './deposit.repository';
import { hoursView } from './deposit.rules';

export const toOpsChannel = (c: ChannelRow): TOpsPaymentChannel => ({
  id: c.id,
  code: c.code,
  kind: c.kind as TOpsPaymentChannel['kind'],
  nameTh: c.nameTh,
  nameEn: c.nameEn,
  bankCode: c.bankCode,
  accountNumber: c.accountNumber,
  accountName: c.accountName,
  adapter: c.adapter,
  min: formatMinor(c.minMinor),
  max: formatMinor(c.maxMinor),
  dailyLimit: formatMinor(c.dailyLimitMinor),
  status: c.status as TOpsPaymentChannel['status'],
  sort: c.sort,
  hours: hoursView(c),
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
});

type ChannelFields = Omit<typeof paymentChannels.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/**
 * The operator's payment channels (`/ops/payment-channels`, money.read / money.write; every change
 * audited). Input is validated here too (the route validates it first), so the command line and
 * the API refuse the same things.
 */
export function createChannelOps({
  database,
  repo,
  adapters,
  now,
}: {
  database: Pick<Database, 'tx'>;
  repo: DepositRepository;
  /** Names of the PSP adapters this server has. */
  adapters: () => string[];
  now: () => number;
}) {
  /** A channel's fields must hang together: limits ordered, bank details or a known adapter. */
  function check(fields: ChannelFields): void {
    const fail: Record<string, string> = {};
    if (fields.minMinor <= 0n) fail.min = 'validation_failed';
    if (fields.maxMinor < fields.minMinor) fail.max = 'validation_failed';
    if (fields.dailyLimitMinor < fields.maxMinor) fail.dailyLimit = 'validation_failed';
    // Hours: both or neither, never the same minute (the contract says so; the command line's input passes here too).
    const opens = fields.opensAt ?? null;
    const closes = fields.closesAt ?? null;
    if ((opens === null) !== (closes === null) || (opens !== null && opens === closes)) fail.hours = 'validation_failed';
    if (fields.kind === 'bank_transfer') {
      if (!fields.bankCode) fail.bankCode = 'content_required';
      if (!fields.accountNumber) fail.accountNumber = 'content_required';
      if (!fields.accountName) fail.accountName = 'content_required';
      // A PromptPay channel's account is its PromptPay ID: the member's QR is made from it (docs/adr/0073).
      if (
        fields.bankCode === PROMPTPAY_BANK_CODE &&
        fields.accountNumber &&
        !promptPayTarget(fields.accountNumber)
      )
        fail.accountNumber = 'validation_failed';
    }
    if (Object.keys(fail).length > 0) throw new AppError('validation_failed', 400, fail);
    if (fields.kind === 'psp' && (!fields.adapter || !adapters().includes(fields.adapter))) {
      throw new AppError('psp_adapter_unknown', 400, { adapter: 'psp_adapter_unknown' });
    }
  }

  const minor = (text: string | undefined, field: string): bigint | undefined => {
    if (text === undefined) return undefined;
    const value = parseMinor(text);
    if (value === null) throw new AppError('validation_failed', 400, { [field]: 'validation_failed' });
    return value;
  };

  async function list(): Promise<TOpsPaymentChannel[]> {
    return (await repo.listChannels()).map(toOpsChannel);
  }

  function createFields(raw: z.input<typeof ZOpsPaymentChannelInput>): ChannelFields {
    const input = ZOpsPaymentChannelInput.parse(raw);
    const fields: ChannelFields = {
      code: input.code,
      kind: input.kind,
      nameTh: input.nameTh,
      nameEn: input.nameEn,
      bankCode: input.kind === 'bank_transfer' ? (input.bankCode ?? null) : null,
      accountNumber: input.kind === 'bank_transfer' ? (input.accountNumber ?? null) : null,
      accountName: input.kind === 'bank_transfer' ? (input.accountName ?? null) : null,
      adapter: input.kind === 'psp' ? (input.adapter ?? null) : null,
      minMinor: minor(input.min, 'min')!,
      maxMinor: minor(input.max, 'max')!,
      dailyLimitMinor: minor(input.dailyLimit, 'dailyLimit')!,
      status: input.status,
      sort: input.sort,
      opensAt: input.hours?.opens ?? null,
      closesAt: input.hours?.closes ?? null,
    };
    check(fields);
    return fields;
  }

  async function create(
    raw: z.input<typeof ZOpsPaymentChannelInput>,
    note: OpsAuditNote,
  ): Promise<TOpsPaymentChannel> {
    const fields = createFields(raw);
    return database.tx(async (tx) => {
      const at = new Date(now());
      const row = await repo.insertChannel({ ...fields, createdAt: at, updatedAt: at }, tx);
      if (!row) throw new AppError('payment_channel_exists', 409);
      const view = toOpsChannel(row);
      await note({ target: `payment_channel:${row.code}`, after: view });
      return view;
    });
  }

  async function update(
    code: string,
    raw: z.input<typeof ZOpsPaymentChannelPatch>,
    note: OpsAuditNote,
  ): Promise<TOpsPaymentChannel> {
    return database.tx(async (tx) => {
      const current = await repo.findChannelByCode(code, tx);
      if (!current) throw new AppError('not_found', 404);
      const fields = updateFields(current, raw);
      const row = await repo.updateChannel(code, { ...fields, updatedAt: new Date(now()) }, tx);
      const after = toOpsChannel(row!);
      await note({ target: `payment_channel:${code}`, before: toOpsChannel(current), after });
      return after;
    });
  }

  function updateFields(current: ChannelRow, raw: z.input<typeof ZOpsPaymentChannelPatch>): ChannelFields {
    const input = ZOpsPaymentChannelPatch.parse(raw);
    const fields: ChannelFields = {
      code: current.code,
      kind: current.kind,
      nameTh: input.nameTh ?? current.nameTh,
      nameEn: input.nameEn ?? current.nameEn,
      bankCode: current.kind === 'bank_transfer' ? (input.bankCode ?? current.bankCode) : null,
      accountNumber: current.kind === 'bank_transfer' ? (input.accountNumber ?? current.accountNumber) : null,
      accountName: current.kind === 'bank_transfer' ? (input.accountName ?? current.accountName) : null,
      adapter: current.kind === 'psp' ? (input.adapter ?? current.adapter) : null,
      minMinor: minor(input.min, 'min') ?? current.minMinor,
      maxMinor: minor(input.max, 'max') ?? current.maxMinor,
      dailyLimitMinor: minor(input.dailyLimit, 'dailyLimit') ?? current.dailyLimitMinor,
      status: input.status ?? current.status,
      sort: input.sort ?? current.sort,
      // Absent: unchanged; null: always open from now on.
      opensAt: input.hours === undefined ? current.opensAt : (input.hours?.opens ?? null),
      closesAt: input.hours === undefined ? current.closesAt : (input.hours?.closes ?? null),
    };
    check(fields);
    return fields;
  }

  /**
   * Whether a change needs a second operator (docs/adr/0081): a new channel (it names where members'
   * money goes), or a change of a channel's receiving account or adapter. Validates the change as
   * applying it would, so a request never holds one that would be refused on approval.
   */
  async function secondOperatorNeeded(
    change:
      | { create: z.input<typeof ZOpsPaymentChannelInput> }
      | { code: string; patch: z.input<typeof ZOpsPaymentChannelPatch> },
  ): Promise<boolean> {
    if ('create' in change) {
      const fields = createFields(change.create);
      if (await repo.findChannelByCode(fields.code)) throw new AppError('payment_channel_exists', 409);
      return true;
    }
    const current = await repo.findChannelByCode(change.code);
    if (!current) throw new AppError('not_found', 404);
    const next = updateFields(current, change.patch);
    return (['bankCode', 'accountNumber', 'accountName', 'adapter'] as const).some(
      (key) => (next[key] ?? null) !== (current[key] ?? null),
    );
  }

  /** Removes a channel no deposit used; a used one can only be disabled (its deposits keep pointing at it). */
  async function remove(code: string, note: OpsAuditNote): Promise<{ removed: true }> {
    return database.tx(async (tx) => {
      const current = await repo.findChannelByCode(code, tx);
      if (!current) throw new AppError('not_found', 404);
      if ((await repo.countDepositsOfChannel(current.id, tx)) > 0) throw new AppError('conflict', 409);
      await repo.deleteChannel(current.id, tx);
      await note({ target: `payment_channel:${code}`, before: toOpsChannel(current) });
      return { removed: true as const };
    });
  }

  return { list, create, update, remove, secondOperatorNeeded };
}

export type ChannelOps = ReturnType<typeof createChannelOps>;
