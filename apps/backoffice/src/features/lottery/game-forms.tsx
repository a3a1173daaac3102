import { zodResolver } from '@hookform/resolvers/zod';
import { formatMinor, parseMinor } from '@lotus/contracts/money';
import { LOTTO_BET_KEY_PATTERN, LOTTO_RATE_MAX, MAX_LOTTO_RESTRICTED, type TLottoBetType, type TOpsLottoGame } from '@lotus/contracts/ops-lottery';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { changeGame, replaceRestricted } from './api';
import { DialogActions, ServerError } from './parts';

/**
 * The forms of a lottery game (docs/adr/0096): stakes, exposure cap and the pay rates (applied at once, audited), and
 * the restricted numbers (the whole list). Checked here as the contract checks them; what the server or the lottery
 * still refuses is shown by its catalogue key. Error messages are keys of lottery:form.errors.
 */

const AMOUNT = /^\d{1,13}(\.\d{1,2})?$/;
/** A multiplier as typed: x900 is "900", x3.20 is "3.2"; empty: the lottery's default. */
const RATE = /^(\d{1,6}(\.\d{1,2})?)?$/;

/** The hundredths of a multiplier an operator typed (the lottery's unit; parseMinor is the same arithmetic). */
const rateOf = (text: string): number | null => {
  const v = parseMinor(text.trim());
  return v === null ? null : Number(v);
};
/** A rate as a multiplier ("3.20"). */
export const multiplier = (rate: number) => formatMinor(BigInt(rate));

const ZGameForm = z
  .object({
    minStake: z.string().trim().regex(AMOUNT, 'amount'),
    maxStake: z.string().trim().regex(AMOUNT, 'amount'),
    exposureCap: z.string().trim().regex(AMOUNT, 'amount'),
    rates: z.record(z.string(), z.string().trim().regex(RATE, 'rate')),
  })
  .superRefine((v, ctx) => {
    const min = parseMinor(v.minStake);
    const max = parseMinor(v.maxStake);
    const cap = parseMinor(v.exposureCap);
    if (min !== null && min <= 0n) ctx.addIssue({ code: 'custom', path: ['minStake'], message: 'positive' });
    if (min !== null && max !== null && max < min) ctx.addIssue({ code: 'custom', path: ['maxStake'], message: 'minMax' });
    if (cap !== null && cap <= 0n) ctx.addIssue({ code: 'custom', path: ['exposureCap'], message: 'positive' });
    for (const [type, text] of Object.entries(v.rates)) {
      const rate = text.trim() === '' ? null : rateOf(text);
      if (rate !== null && rate > LOTTO_RATE_MAX) ctx.addIssue({ code: 'custom', path: ['rates', type], message: 'rate' });
    }
  });
type TGameForm = z.infer<typeof ZGameForm>;

/** Stakes, exposure cap and rates of a game: only the bet types its format offers; an empty rate pays the default. */
export function GameForm({ game, close, onDone }: { game: TOpsLottoGame; close: () => void; onDone: (text: string) => Promise<void> }) {
  const { t } = useTranslation('lottery');
  const id = useId();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm<TGameForm>({
    resolver: zodResolver(ZGameForm),
    defaultValues: {
      minStake: game.minStake,
      maxStake: game.maxStake,
      exposureCap: game.exposureCap,
      rates: Object.fromEntries(game.betTypes.map((type) => [type, game.rates[type] === undefined ? '' : multiplier(game.rates[type])])),
    },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (v) => {
    setFailure(null);
    try {
      const rates: Partial<Record<TLottoBetType, number>> = {};
      for (const type of game.betTypes) {
        const text = v.rates[type]?.trim() ?? '';
        if (text !== '') rates[type] = rateOf(text)!;
      }
      await changeGame(game.gameCode, { minStake: v.minStake, maxStake: v.maxStake, exposureCap: v.exposureCap, rates });
      close();
      await onDone(t('games.saved', { code: game.gameCode }));
    } catch (error) {
      setFailure(error);
    }
  });
  const amount = (name: 'minStake' | 'maxStake' | 'exposureCap') => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>{t(`form.${name}`)}</label>
      <input
        id={`${id}-${name}`}
        inputMode="decimal"
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        {...form.register(name)}
      />
      {errors[name] ? (
        <span id={`${id}-${name}-error`} className="field-error block">
          {t(`form.errors.${errors[name].message}`)}
        </span>
      ) : null}
    </div>
  );
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('games.editTitle', { code: game.gameCode })}>
      <div className="lottery-fields">
        {amount('minStake')}
        {amount('maxStake')}
        {amount('exposureCap')}
      </div>
      <p className="hint">{t('form.stakeHint')}</p>
      <table className="rates">
        <caption>{t('form.ratesTitle')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('form.betType')}</th>
            <th scope="col">{t('form.rate')}</th>
            <th scope="col">{t('form.defaultColumn')}</th>
          </tr>
        </thead>
        <tbody>
          {game.betTypes.map((type) => {
            const error = errors.rates?.[type];
            return (
              <tr key={type}>
                <th scope="row">
                  <label htmlFor={`${id}-rate-${type}`}>{t(`betTypes.${type}`)}</label> <code className="hint">{type}</code>
                </th>
                <td>
                  <span className="inline">
                    ×
                    <input
                      id={`${id}-rate-${type}`}
                      className="rate-input"
                      inputMode="decimal"
                      placeholder={
                        game.defaultRates[type] === undefined
                          ? t('form.default')
                          : t('form.defaultRate', { rate: multiplier(game.defaultRates[type]) })
                      }
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${id}-rate-${type}-error` : undefined}
                      {...form.register(`rates.${type}`)}
                    />
                  </span>
                  {error ? (
                    <span id={`${id}-rate-${type}-error`} className="field-error block">
                      {t(`form.errors.${error.message}`, { max: multiplier(LOTTO_RATE_MAX) })}
                    </span>
                  ) : null}
                </td>
                <td className="num" data-testid={`lottery-default-rate-${type}`}>
                  {game.defaultRates[type] === undefined ? '—' : `×${multiplier(game.defaultRates[type])}`}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="hint">{t('form.ratesHint')}</p>
      <ServerError error={failure} />
      <DialogActions close={close} submitting={form.formState.isSubmitting} label={t('form.save')} />
    </form>
  );
}

/** The keys typed: one per line or separated by spaces or commas, xiên numbers put in order, each once. */
export function parseBetKeys(text: string): string[] {
  const keys = text
    .split(/[\s,]+/)
    .map((k) => k.trim().toLowerCase())
    .filter(Boolean)
    .map((k) => {
      const [type, numbers] = k.split(':');
      return type?.startsWith('xien') && numbers ? `${type}:${numbers.split('-').sort().join('-')}` : k;
    });
  return [...new Set(keys)];
}

/** The keys of a list that are not restricted numbers of the game (its format's bet types, the key's shape). */
const wrongKeys = (game: TOpsLottoGame, keys: readonly string[]) =>
  keys.filter((k) => !LOTTO_BET_KEY_PATTERN.test(k) || !game.betTypes.includes(k.split(':')[0] as TLottoBetType));

/** The game's whole list of restricted numbers (a bet on one pays half). */
export function RestrictedForm({ game, close, onDone }: { game: TOpsLottoGame; close: () => void; onDone: (text: string) => Promise<void> }) {
  const { t } = useTranslation('lottery');
  const id = useId();
  const [failure, setFailure] = useState<unknown>(null);
  const schema = useMemo(
    () =>
      z.object({
        keys: z.string().superRefine((text, ctx) => {
          const keys = parseBetKeys(text);
          if (wrongKeys(game, keys).length > 0) ctx.addIssue({ code: 'custom', message: 'betKey' });
          else if (keys.length > MAX_LOTTO_RESTRICTED) ctx.addIssue({ code: 'custom', message: 'tooMany' });
        }),
      }),
    [game],
  );
  const form = useForm<{ keys: string }>({ resolver: zodResolver(schema), defaultValues: { keys: game.restricted.join('\n') } });
  const error = form.formState.errors.keys;
  const wrong = error?.message === 'betKey' ? wrongKeys(game, parseBetKeys(form.getValues('keys'))) : [];
  const submit = form.handleSubmit(async (v) => {
    setFailure(null);
    try {
      const after = await replaceRestricted(game.gameCode, parseBetKeys(v.keys));
      close();
      await onDone(t('games.restrictedSaved', { code: game.gameCode, n: after.restricted.length }));
    } catch (e) {
      setFailure(e);
    }
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <label htmlFor={`${id}-keys`}>{t('form.restricted')}</label>
      <textarea
        id={`${id}-keys`}
        rows={8}
        className="mono"
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        {...form.register('keys')}
      />
      <p id={`${id}-hint`} className="hint">
        {t('form.restrictedHint', { types: game.betTypes.join(', ') })}
      </p>
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {t(`form.errors.${error.message}`, { keys: wrong.slice(0, 5).join(', '), max: MAX_LOTTO_RESTRICTED })}
        </p>
      ) : null}
      <ServerError error={failure} />
      <DialogActions close={close} submitting={form.formState.isSubmitting} label={t('form.save')} />
    </form>
  );
}
