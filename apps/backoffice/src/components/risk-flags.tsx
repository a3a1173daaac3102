import { getRiskFlags, type TRiskFlag } from '@lotus/contracts/ops-member-money';
import { useQuery } from '@tanstack/react-query';
import { createContext, use, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { opsApi } from '@/lib/api';
import { formatAmount } from '@/lib/format';

/**
 * The risk flags of the members a queue shows (docs/adr/0085), one call for the page: memberId -> flags.
 * Flags are facts for a second look, never a decision; an empty map while they load.
 */
export function useRiskFlags(memberIds: number[]) {
  const ids = [...new Set(memberIds)].sort((a, b) => a - b).slice(0, 100);
  const query = useQuery({
    queryKey: ['risk', ids],
    queryFn: () => opsApi.call(getRiskFlags, { query: { memberIds: ids.join(',') } }),
    enabled: ids.length > 0,
    staleTime: 60_000,
  });
  return useMemo(() => new Map((query.data?.members ?? []).map((m) => [m.memberId, m.flags])), [query.data]);
}

/**
 * The page's flags for the cells of its table. A queue's column definitions must not change when the flags arrive: a
 * new definition remounts every cell, which closed a confirmation the operator had just opened (the cashier desk's
 * flaky payout, e2e/cashier-desk.spec.ts). Cells read the flags from here instead.
 */
export const RiskFlagsContext = createContext<ReadonlyMap<number, TRiskFlag[]>>(new Map());

/** A member's badges, from the page's RiskFlagsContext. */
export function MemberRiskBadges({ memberId }: { memberId: number }) {
  return <RiskBadges flags={use(RiskFlagsContext).get(memberId)} />;
}

/** A flag's sentence in the console's language, with its facts (amounts formatted). */
export function useRiskText() {
  const { t } = useTranslation('memberMoney');
  return (flag: TRiskFlag) =>
    t(`risk.${flag.code}.text`, {
      ...flag.params,
      withdrawal: formatAmount(flag.params.withdrawal),
      deposit: formatAmount(flag.params.deposit),
      staked: formatAmount(flag.params.staked),
    });
}

/** Flags as warning badges; the full sentence is the badge's title and its screen-reader text. */
export function RiskBadges({ flags }: { flags: TRiskFlag[] | undefined }) {
  const { t } = useTranslation('memberMoney');
  const text = useRiskText();
  if (!flags || flags.length === 0) return null;
  return (
    <span className="risk-badges">
      {flags.map((f) => (
        <span key={f.code} className="badge warn" title={text(f)}>
          {t(`risk.${f.code}.short`)}
          <span className="sr-only">: {text(f)}</span>
        </span>
      ))}
    </span>
  );
}
