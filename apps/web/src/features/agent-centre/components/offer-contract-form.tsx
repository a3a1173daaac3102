import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DIVIDEND_CYCLES, MAX_TIERS, type TAgentContract, type TAgentContractKind } from '@lotus/contracts/agent';
import { Button } from '@/components/ui/button/button';
import { EmptyState } from '@/components/ui/empty-state/empty-state';
import { Modal } from '@/components/ui/modal/modal';
import { Skeleton } from '@/components/ui/skeleton/skeleton';
import { getErrorText } from '@/lib/error-text';
import { notify } from '@/lib/notify';
import { useAgentContracts } from '../api/list-agent-contracts';
import { useOfferContractMutation, type TContractOfferInput } from '../api/offer-agent-contract';
import { moneyForWire, moneyMinor } from '../lib/money-input';
import { EMPTY_TIER, readTiers, type TTierDraft, type TTierErrors } from '../lib/tiers';
import { Field } from './field';
import { TiersList } from './contract-card';
import { LoadError } from './load-error';

type TDividendCycle = (typeof DIVIDEND_CYCLES)[number];

/** The tiers editor: 1-10 rows of minimum base (baht), minimum active members and rate (percent, two decimals). */
function TiersEditor({
  tiers,
  errors,
  dividend,
  onChange,
}: {
  tiers: TTierDraft[];
  errors: TTierErrors | null;
  dividend: boolean;
  onChange: (tiers: TTierDraft[]) => void;
}) {
  const { t } = useTranslation('agent-centre', { keyPrefix: 'offer' });
  const set = (i: number, key: keyof TTierDraft, value: string) => onChange(tiers.map((row, j) => (j === i ? { ...row, [key]: value } : row)));
  return (
    <fieldset className="ac-tier-editor" data-testid="ac-offer-tiers">
      <legend className="ac-field__label">{t('tiers')}</legend>
      <p className="ac-field__hint">{t('tiers_hint')}</p>
      {tiers.map((row, i) => {
        const e = errors?.[i];
        return (
          <fieldset key={i} className="ac-tier-row" data-testid="ac-offer-tier">
            <legend>{t('tier', { n: i + 1 })}</legend>
            <div className="ac-tier-row__fields">
              <Field label={dividend ? t('min_net_loss') : t('min_turnover')} error={e?.fields.minBase && t(`errors.${e.fields.minBase}`)} testId={`ac-tier-${i}-base`}>
                <input
                  name={`tier-${i}-base`}
                  className="ac-input"
                  inputMode="decimal"
                  autoComplete="off"
                  value={row.minBase}
                  onChange={(ev) => set(i, 'minBase', ev.target.value)}
                  data-testid={`ac-tier-${i}-base`}
                />
              </Field>
              <Field label={t('min_active')} error={e?.fields.minActive && t(`errors.${e.fields.minActive}`)} testId={`ac-tier-${i}-active`}>
                <input
                  name={`tier-${i}-active`}
                  className="ac-input"
                  inputMode="numeric"
                  autoComplete="off"
                  value={row.minActive}
                  onChange={(ev) => set(i, 'minActive', ev.target.value)}
                  data-testid={`ac-tier-${i}-active`}
                />
              </Field>
              <Field label={t('rate')} hint={t('rate_hint')} error={e?.fields.rate && t(`errors.${e.fields.rate}`)} testId={`ac-tier-${i}-rate`}>
                <input
                  name={`tier-${i}-rate`}
                  className="ac-input"
                  inputMode="decimal"
                  autoComplete="off"
                  value={row.rate}
                  onChange={(ev) => set(i, 'rate', ev.target.value)}
                  data-testid={`ac-tier-${i}-rate`}
                />
              </Field>
            </div>
            {e?.order ? (
              <p className="ac-field__error" data-testid={`ac-tier-${i}-order`}>
                {t('errors.order')}
              </p>
            ) : null}
            {tiers.length > 1 ? (
              <Button variant="ghost" onClick={() => onChange(tiers.filter((_, j) => j !== i))} data-testid={`ac-tier-${i}-remove`}>
                {t('remove_tier', { n: i + 1 })}
              </Button>
            ) : null}
          </fieldset>
        );
      })}
      {tiers.length < MAX_TIERS ? (
        <Button variant="secondary" onClick={() => onChange([...tiers, { ...EMPTY_TIER }])} data-testid="ac-offer-add-tier">
          {t('add_tier')}
        </Button>
      ) : (
        <p className="ac-field__hint">{t('max_tiers', { max: MAX_TIERS })}</p>
      )}
    </fieldset>
  );
}

const FIELD_NAMES = { minBase: 'base', minActive: 'active', rate: 'rate' } as const;

/** The name of the first control to correct (the errors render after this event, so it is found from them). */
function firstInvalid(errors: TTierErrors, payoutOk: boolean): string {
  for (const [i, row] of errors.entries()) {
    const field = (['minBase', 'minActive', 'rate'] as const).find((k) => row.fields[k]);
    if (field) return `tier-${i}-${FIELD_NAMES[field]}`;
    if (row.order) return `tier-${i}-base`;
  }
  return payoutOk ? '' : 'minPayout';
}

/** The form itself, for the kinds I hold (I can only offer a kind I have, with my dividend's cycle: docs/adr/0100). */
function OfferForm({ downline, mine, onDone }: { downline: string; mine: TAgentContract[]; onDone: () => void }) {
  const { t } = useTranslation('agent-centre');
  const ids = useId();
  const offer = useOfferContractMutation();
  const [kind, setKind] = useState<TAgentContractKind>(mine[0]!.kind);
  const ownDividend = mine.find((c) => c.kind === 'dividend');
  const ownCycle = (DIVIDEND_CYCLES as readonly string[]).includes(ownDividend?.cycle ?? '') ? (ownDividend!.cycle as TDividendCycle) : 'month';
  const [cycle, setCycle] = useState<TDividendCycle>(ownCycle);
  const [tiers, setTiers] = useState<TTierDraft[]>([{ ...EMPTY_TIER }]);
  const [minPayout, setMinPayout] = useState('0');
  const [tierErrors, setTierErrors] = useState<TTierErrors | null>(null);
  const [payoutError, setPayoutError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const own = mine.find((c) => c.kind === kind);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setRefusal(null);
    const read = readTiers(tiers);
    const payoutOk = moneyMinor(minPayout) !== null;
    setTierErrors('errors' in read ? read.errors : null);
    setPayoutError(payoutOk ? undefined : t('offer.errors.payout_invalid'));
    if ('errors' in read || !payoutOk) {
      event.currentTarget.querySelector<HTMLElement>(`[name="${firstInvalid('errors' in read ? read.errors : [], payoutOk)}"]`)?.focus();
      return;
    }
    const input: TContractOfferInput = {
      downline,
      kind,
      // A dividend's cycle is chosen; the other kinds have their fixed cycle and send none.
      ...(kind === 'dividend' ? { cycle } : {}),
      tiers: read.tiers,
      minPayout: moneyForWire(minPayout),
    };
    try {
      await offer.mutateAsync(input);
      notify.success(t('offer.done', { kind: t(`kinds.${kind}`), name: downline }));
      onDone();
    } catch (error) {
      setRefusal(getErrorText(error));
    }
  };

  return (
    <form className="ac-form" noValidate onSubmit={(e) => void submit(e)} data-testid="ac-offer-form">
      <div className="ac-form__grid">
        <div className="ac-field">
          <label htmlFor={`${ids}-kind`}>{t('offer.kind')}</label>
          <select id={`${ids}-kind`} className="ac-input" value={kind} onChange={(e) => setKind(e.target.value as TAgentContractKind)} data-testid="ac-offer-kind">
            {mine.map((c) => (
              <option key={c.kind} value={c.kind}>
                {t(`kinds.${c.kind}`)}
              </option>
            ))}
          </select>
        </div>
        {kind === 'dividend' ? (
          <Field label={t('offer.cycle')} hint={t('offer.cycle_hint', { cycle: t(`cycles.${ownCycle}`) })} testId="ac-offer-cycle">
            <select className="ac-input" value={cycle} onChange={(e) => setCycle(e.target.value as TDividendCycle)} data-testid="ac-offer-cycle">
              {DIVIDEND_CYCLES.map((c) => (
                <option key={c} value={c}>
                  {t(`cycles.${c}`)}
                </option>
              ))}
            </select>
          </Field>
        ) : (
          <div className="ac-field">
            <span className="ac-field__label">{t('offer.cycle')}</span>
            <p className="ac-field__value" data-testid="ac-offer-fixed-cycle">
              {t(`cycles.${own?.cycle ?? 'day'}`)}
            </p>
          </div>
        )}
      </div>
      {own ? (
        <details className="ac-own-terms">
          <summary>{t('offer.own_terms')}</summary>
          <TiersList tiers={own.tiers} dividend={own.kind === 'dividend'} />
        </details>
      ) : null}
      <TiersEditor tiers={tiers} errors={tierErrors} dividend={kind === 'dividend'} onChange={setTiers} />
      <Field label={t('offer.min_payout')} hint={t('offer.min_payout_hint')} error={payoutError} testId="ac-offer-payout">
        <input name="minPayout" className="ac-input" inputMode="decimal" autoComplete="off" value={minPayout} onChange={(e) => setMinPayout(e.target.value)} data-testid="ac-offer-payout" />
      </Field>
      {refusal ? (
        <p className="ac-form__refusal" role="alert" data-testid="ac-offer-refusal">
          {refusal}
        </p>
      ) : null}
      <Button type="submit" variant="primary" block disabled={offer.isPending} aria-busy={offer.isPending || undefined} data-testid="ac-offer-submit">
        {offer.isPending ? t('offer.sending') : t('offer.send')}
      </Button>
    </form>
  );
}

/** What the dialog shows: my contracts decide which kinds I can offer (asked only once the dialog opens). */
function OfferDialogBody({ downline, onDone }: { downline: string; onDone: () => void }) {
  const { t } = useTranslation('agent-centre');
  const contracts = useAgentContracts();
  const mine = (contracts.data?.received ?? []).filter((c) => c.status === 'active');
  if (contracts.isError && !contracts.data) return <LoadError error={contracts.error} onRetry={() => void contracts.refetch()} testId="ac-offer-error" />;
  if (!contracts.data) return <Skeleton height={320} />;
  if (mine.length === 0) return <EmptyState message={t('offer.none_held')} />;
  return <OfferForm downline={downline} mine={mine} onDone={onDone} />;
}

/**
 * "Offer contract" to an agent of my direct downline (docs/adr/0100): kind (those I hold), the cycle for a dividend,
 * 1-10 tiers (rates typed in percent, sent in integer basis points) and the minimum payout. The server refuses
 * rates above mine; its refusal shows from the error catalogue.
 */
export function OfferContractDialog({ downline, onClose }: { downline: string | null; onClose: () => void }) {
  const { t } = useTranslation('agent-centre');
  return (
    <Modal open={downline !== null} onClose={onClose} title={t('offer.title', { name: downline ?? '' })} width={640} data-testid="ac-offer-dialog">
      {downline === null ? null : <OfferDialogBody downline={downline} onDone={onClose} />}
    </Modal>
  );
}
