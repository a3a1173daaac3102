import { parseMinor } from '@lotus/contracts/money';
import type { TOpsLottoExposure } from '@lotus/contracts/ops-lottery';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table';
import { formatAmount } from '@/lib/format';
import { exposureQueryOptions } from './api';
import { TableSkeleton } from './parts';

type TRow = TOpsLottoExposure['numbers'][number] & { share: number };
const column = createColumnHelper<TRow>();

/** What share of the cap a liability is, in percent to one decimal, rounded down (exact: amounts are minor units). */
const shareOf = (liability: string, cap: string) => {
  const l = parseMinor(liability) ?? 0n;
  const c = parseMinor(cap) ?? 0n;
  return c === 0n ? 0 : Number((l * 1000n) / c) / 10;
};

/** An open draw's exposure: the bet keys the lottery owes most on if they come out, against the game's cap. */
export function ExposurePanel({ gameCode, drawNo, onClose }: { gameCode: string; drawNo: string; onClose: () => void }) {
  const { t } = useTranslation('lottery');
  const exposure = useQuery(exposureQueryOptions(gameCode, drawNo));
  // Opened from a row far up the draws table: brought into view.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.scrollIntoView?.({ block: 'nearest' }), []);
  const rows = useMemo(
    () => exposure.data?.numbers.map((n) => ({ ...n, share: shareOf(n.liability, exposure.data.cap) })),
    [exposure.data],
  );
  const columns = useMemo(
    () => [
      column.accessor('betKey', { header: t('exposure.betKey'), enableSorting: true, cell: (c) => <code>{c.getValue()}</code> }),
      column.accessor('liability', { header: t('exposure.liability'), cell: (c) => <span className="amount">{formatAmount(c.getValue())}</span> }),
      column.accessor('share', {
        header: t('exposure.share'),
        enableSorting: true,
        cell: (c) => (
          <span className="meter-cell">
            <meter min={0} max={100} low={60} high={85} optimum={0} value={Math.min(100, c.getValue())} aria-label={t('exposure.shareOf', { betKey: c.row.original.betKey })} />
            <span className="amount">{c.getValue()}%</span>
          </span>
        ),
      }),
    ],
    [t],
  );
  return (
    <section aria-labelledby="lottery-exposure-title" className="lottery-panel exposure">
      <div className="panel-head">
        <h3 id="lottery-exposure-title" ref={heading}>{t('exposure.title', { drawNo })}</h3>
        <button type="button" onClick={onClose}>
          {t('exposure.close')}
        </button>
      </div>
      {exposure.data ? <p className="hint">{t('exposure.cap', { cap: formatAmount(exposure.data.cap) })}</p> : null}
      {exposure.isPending ? (
        <TableSkeleton label={t('exposure.loading')} rows={3} columns={3} />
      ) : exposure.data && exposure.data.numbers.length === 0 ? (
        <p className="state">{t('exposure.empty')}</p>
      ) : (
        <DataTable
          caption={t('exposure.title', { drawNo })}
          columns={columns}
          rows={rows}
          loading={exposure.isFetching && !exposure.data}
          error={exposure.error}
          onRetry={() => void exposure.refetch()}
          rowKey={(r) => r.betKey}
          clientSort
        />
      )}
    </section>
  );
}
