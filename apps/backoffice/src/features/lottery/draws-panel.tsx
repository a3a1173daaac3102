import { LOTTO_DRAW_STATUSES, type TLottoDrawStatus } from '@lotus/contracts/lottery';
import type { TOpsLottoDraw, TOpsLottoGame } from '@lotus/contracts/ops-lottery';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '@/components/confirm-action';
import { ConfirmButton } from '@/components/confirm-button';
import { DataTable } from '@/components/data-table';
import { formatAmount, formatTime } from '@/lib/format';
import { confirmResult, discardResult, drawsQueryOptions, voidDraw } from './api';
import { MoveForm, ResultForm } from './draw-forms';
import { ExposurePanel } from './exposure-panel';
import { gameName } from './games-panel';
import { FormDialog, TableSkeleton } from './parts';

const column = createColumnHelper<TOpsLottoDraw>();

/** Where a draw stands, as operators act on it. */
export type TDrawStage = 'open' | 'locked' | 'awaitingResult' | 'awaitingConfirmation' | 'resulted' | 'settled' | 'void';
export function stageOf(d: TOpsLottoDraw, now = Date.now()): TDrawStage {
  if (d.status !== 'scheduled') return d.status;
  if (d.result?.status === 'entered') return 'awaitingConfirmation';
  if (d.closed) return 'awaitingResult';
  return Date.parse(d.lockAt) <= now ? 'locked' : 'open';
}
const STAGE_BADGE: Record<TDrawStage, string> = {
  open: 'badge badge-active',
  locked: 'badge',
  awaitingResult: 'badge warn',
  awaitingConfirmation: 'badge warn',
  resulted: 'badge badge-active',
  settled: 'badge',
  void: 'badge badge-disabled',
};

/** Who entered a result: their username, else the id the lottery knows them by. */
const entrant = (d: TOpsLottoDraw) => d.result?.enteredByName ?? d.result?.enteredBy ?? '';

/**
 * A game's draws (lottery.read), newest first or by status: times, where each stands, its result (entered by one
 * operator and waiting for a second, or confirmed), tickets, stakes and wins; the exposure of an open draw. With
 * lottery.manage: enter a closed draw's result, confirm or discard an entered one (never confirm one's own), move a
 * scheduled draw, void one (a four-eyes request: it refunds every ticket).
 */
export function DrawsPanel({
  game,
  games,
  canManage,
  onSelect,
  onDone,
}: {
  game: TOpsLottoGame;
  games: TOpsLottoGame[];
  canManage: boolean;
  onSelect: (gameCode: string) => void;
  onDone: (text: string, options?: { approvals?: boolean }) => Promise<void>;
}) {
  const { t, i18n } = useTranslation('lottery');
  // Scheduled draws first (soonest first: those waiting for a result lead): the day's work.
  const [status, setStatus] = useState<TLottoDrawStatus | ''>('scheduled');
  const [exposureOf, setExposureOf] = useState<string | null>(null);
  const draws = useQuery(drawsQueryOptions(game.gameCode, status || undefined));
  const language = i18n.language;
  const electronic = game.format === 'elott';

  const columns = useMemo(
    () => [
      column.accessor('drawNo', {
        header: t('draws.draw'),
        enableSorting: true,
        cell: (c) => (
          <>
            <span className="block">
              <code>{c.getValue()}</code>
            </span>
            <span className="block nowrap">{formatTime(c.row.original.drawAt)}</span>
            <span className="hint block">{t('draws.closes', { time: formatTime(c.row.original.closeAt) })}</span>
          </>
        ),
      }),
      column.accessor((d) => stageOf(d), {
        id: 'stage',
        header: t('draws.status'),
        cell: (c) => (
          <>
            <span className={STAGE_BADGE[c.getValue()]}>{t(`stages.${c.getValue()}`)}</span>
            {c.row.original.voidReason ? <span className="hint block">{c.row.original.voidReason}</span> : null}
          </>
        ),
      }),
      column.display({
        id: 'result',
        header: t('draws.result'),
        cell: (c) => {
          const d = c.row.original;
          if (!d.result) return <span className="hint">—</span>;
          return (
            <>
              <span className="block">
                {d.result.status === 'confirmed'
                  ? t('draws.confirmedBy', { name: entrant(d) })
                  : d.result.enteredByYou
                    ? t('draws.enteredByYou')
                    : t('draws.enteredBy', { name: entrant(d) })}
              </span>
              <details className="result-numbers">
                <summary>{t('draws.showNumbers')}</summary>
                <pre>{JSON.stringify(d.result.numbers, null, 1)}</pre>
              </details>
              <span className="hint block">{t('draws.source', { source: d.result.source })}</span>
            </>
          );
        },
      }),
      column.accessor((d) => d.tickets.count, {
        id: 'tickets',
        header: t('draws.tickets'),
        enableSorting: true,
        cell: (c) => {
          const k = c.row.original.tickets;
          return (
            <span className="tally">
              <span className="amount">{k.count}</span>
              {k.unsettled > 0 ? <span className="hint block">{t('draws.unsettled', { n: k.unsettled })}</span> : null}
              {k.refunded > 0 ? <span className="hint block">{t('draws.refunded', { n: k.refunded })}</span> : null}
            </span>
          );
        },
      }),
      column.accessor((d) => d.tickets.stakes, { id: 'stakes', header: t('draws.stakes'), cell: (c) => <span className="amount">{formatAmount(c.getValue())}</span> }),
      column.accessor((d) => d.tickets.wins, { id: 'wins', header: t('draws.wins'), cell: (c) => <span className="amount">{formatAmount(c.getValue())}</span> }),
      column.display({
        id: 'actions',
        header: t('draws.actions'),
        cell: (c) => {
          const d = c.row.original;
          const stage = stageOf(d);
          const scheduled = d.status === 'scheduled';
          return (
            <div className="actions tight">
              {scheduled && !d.closed ? (
                <button type="button" aria-pressed={exposureOf === d.drawNo} onClick={() => setExposureOf(exposureOf === d.drawNo ? null : d.drawNo)}>
                  {t('draws.exposure')}
                </button>
              ) : null}
              {canManage && stage === 'awaitingResult' && !electronic ? (
                <FormDialog label={t('draws.enterResult')} name={t('draws.enterResultOf', { drawNo: d.drawNo })} title={t('result.title', { drawNo: d.drawNo })} wide>
                  {(close) => <ResultForm gameCode={game.gameCode} format={game.format} draw={d} close={close} onDone={onDone} />}
                </FormDialog>
              ) : null}
              {canManage && stage === 'awaitingConfirmation' ? (
                <>
                  <span className="confirm-wrap">
                    <ConfirmButton
                      label={t('draws.confirm')}
                      disabled={d.result?.enteredByYou === true}
                      title={t('draws.confirmTitle', { drawNo: d.drawNo })}
                      description={t('draws.confirmText', { name: entrant(d) })}
                      onConfirm={async () => {
                        await confirmResult(game.gameCode, d.drawNo);
                        await onDone(t('draws.confirmed', { drawNo: d.drawNo }));
                      }}
                    />
                    {d.result?.enteredByYou ? <span className="hint block">{t('draws.ownResult')}</span> : null}
                  </span>
                  <ConfirmButton
                    label={t('draws.discard')}
                    danger
                    title={t('draws.discardTitle', { drawNo: d.drawNo })}
                    description={t('draws.discardText')}
                    onConfirm={async () => {
                      await discardResult(game.gameCode, d.drawNo);
                      await onDone(t('draws.discarded', { drawNo: d.drawNo }));
                    }}
                  />
                </>
              ) : null}
              {canManage && scheduled && !d.result ? (
                <FormDialog label={t('draws.move')} name={t('draws.moveOf', { drawNo: d.drawNo })} title={t('draws.moveTitle', { drawNo: d.drawNo })}>
                  {(close) => <MoveForm gameCode={game.gameCode} draw={d} close={close} onDone={onDone} />}
                </FormDialog>
              ) : null}
              {canManage && scheduled ? (
                <ConfirmAction
                  label={t('draws.void')}
                  danger
                  title={t('draws.voidTitle', { drawNo: d.drawNo })}
                  description={t('draws.voidText', { n: d.tickets.count })}
                  confirmLabel={t('draws.voidSubmit')}
                  onConfirm={async (reason) => {
                    const answer = await voidDraw(game.gameCode, d.drawNo, reason);
                    if ('approvalId' in answer) await onDone(t('draws.voidRequested', { drawNo: d.drawNo, id: answer.approvalId }), { approvals: true });
                    else await onDone(t('draws.voided', { drawNo: d.drawNo }));
                  }}
                />
              ) : null}
            </div>
          );
        },
      }),
    ],
    [t, canManage, electronic, exposureOf, game, onDone],
  );

  return (
    <section aria-labelledby="lottery-draws-title" className="lottery-panel">
      <h2 id="lottery-draws-title">{t('draws.title', { name: gameName(game, language) })}</h2>
      <form role="search" className="filters" onSubmit={(e) => e.preventDefault()} aria-label={t('draws.filters')}>
        <label htmlFor="lottery-game">{t('draws.game')}</label>
        <select id="lottery-game" value={game.gameCode} onChange={(e) => onSelect(e.target.value)}>
          {games.map((g) => (
            <option key={g.gameCode} value={g.gameCode}>
              {gameName(g, language)} ({g.gameCode})
            </option>
          ))}
        </select>
        <label htmlFor="lottery-status">{t('draws.statusFilter')}</label>
        <select id="lottery-status" value={status} onChange={(e) => setStatus(e.target.value as TLottoDrawStatus | '')}>
          <option value="">{t('draws.allStatuses')}</option>
          {LOTTO_DRAW_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`statuses.${s}`)}
            </option>
          ))}
        </select>
        <button type="button" onClick={() => void draws.refetch()} disabled={draws.isFetching}>
          {t('draws.refresh')}
        </button>
      </form>
      {electronic ? <p className="hint">{t('draws.electronic')}</p> : null}
      {draws.isPending ? (
        <TableSkeleton label={t('draws.loading')} columns={7} />
      ) : (
        <DataTable
          caption={t('draws.title', { name: gameName(game, language) })}
          columns={columns}
          rows={draws.data?.draws}
          loading={draws.isFetching && !draws.data}
          error={draws.error}
          onRetry={() => void draws.refetch()}
          rowKey={(d) => d.drawNo}
          clientSort
        />
      )}
      {exposureOf ? <ExposurePanel key={`${game.gameCode}:${exposureOf}`} gameCode={game.gameCode} drawNo={exposureOf} onClose={() => setExposureOf(null)} /> : null}
    </section>
  );
}
