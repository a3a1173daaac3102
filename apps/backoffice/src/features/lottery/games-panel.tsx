import { LOTTO_REGIONS, type TLottoRegion } from '@lotus/contracts/lottery';
import type { TOpsLottoGame } from '@lotus/contracts/ops-lottery';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '@/components/confirm-button';
import { DataTable } from '@/components/data-table';
import { formatAmount } from '@/lib/format';
import { changeGame, gamesQueryOptions } from './api';
import { GameForm, multiplier, RestrictedForm } from './game-forms';
import { FormDialog, TableSkeleton } from './parts';

const column = createColumnHelper<TOpsLottoGame>();

/** A game's name in the console's language. */
export const gameName = (g: Pick<TOpsLottoGame, 'names'>, language: string) => (language === 'th' ? g.names.th : g.names.en);

/**
 * The lottery's games (lottery.read): on sale or not, stakes, exposure cap, the operators' rates and restricted numbers.
 * With lottery.manage: enable or disable a game, edit its stakes, cap and rates, and its restricted numbers.
 */
export function GamesPanel({
  canManage,
  selected,
  onSelect,
  onDone,
}: {
  canManage: boolean;
  selected: string | null;
  onSelect: (gameCode: string) => void;
  onDone: (text: string) => Promise<void>;
}) {
  const { t, i18n } = useTranslation('lottery');
  const games = useQuery(gamesQueryOptions());
  const [region, setRegion] = useState<TLottoRegion | ''>('');
  const language = i18n.language;
  const rows = useMemo(() => games.data?.games.filter((g) => !region || g.region === region), [games.data, region]);

  const columns = useMemo(
    () => [
      column.accessor((g) => gameName(g, language), {
        id: 'name',
        header: t('games.game'),
        enableSorting: true,
        cell: (c) => (
          <>
            <span className="block">{c.getValue()}</span>
            <span className="hint block">
              <code>{c.row.original.gameCode}</code> · {t(`regions.${c.row.original.region}`)}
            </span>
          </>
        ),
      }),
      column.accessor('enabled', {
        header: t('games.status'),
        enableSorting: true,
        cell: (c) => <span className={c.getValue() ? 'badge badge-active' : 'badge badge-disabled'}>{c.getValue() ? t('games.enabled') : t('games.disabled')}</span>,
      }),
      column.display({
        id: 'stakes',
        header: t('games.stakes'),
        cell: (c) => (
          <>
            <span className="amount">{formatAmount(c.row.original.minStake)}</span> – <span className="amount">{formatAmount(c.row.original.maxStake)}</span>
          </>
        ),
      }),
      column.accessor('exposureCap', { header: t('games.cap'), cell: (c) => <span className="amount">{formatAmount(c.getValue())}</span> }),
      column.display({
        id: 'rates',
        header: t('games.rates'),
        cell: (c) => {
          const set = Object.entries(c.row.original.rates);
          return set.length === 0 ? (
            <span className="hint">{t('games.ratesDefault')}</span>
          ) : (
            <ul className="plain">
              {set.map(([type, rate]) => (
                <li key={type}>
                  {t(`betTypes.${type}`)} ×{multiplier(rate)}
                </li>
              ))}
            </ul>
          );
        },
      }),
      column.accessor((g) => g.restricted.length, {
        id: 'restricted',
        header: t('games.restricted'),
        cell: (c) =>
          c.getValue() === 0 ? (
            <span className="hint">{t('games.none')}</span>
          ) : (
            <span title={c.row.original.restricted.join(' ')}>
              {c.row.original.restricted.slice(0, 4).join(' ')}
              {c.getValue() > 4 ? ` ${t('games.more', { n: c.getValue() - 4 })}` : ''}
            </span>
          ),
      }),
      column.display({
        id: 'actions',
        header: t('games.actions'),
        cell: (c) => {
          const g = c.row.original;
          const name = gameName(g, language);
          return (
            <div className="actions tight">
              <button type="button" aria-pressed={selected === g.gameCode} aria-label={t('games.showDrawsOf', { name })} onClick={() => onSelect(g.gameCode)}>
                {t('games.showDraws')}
              </button>
              {canManage ? (
                <>
                  <FormDialog label={t('games.edit')} name={t('games.editOf', { name })} title={t('games.editTitle', { code: g.gameCode })} wide>
                    {(close) => <GameForm game={g} close={close} onDone={onDone} />}
                  </FormDialog>
                  <FormDialog label={t('games.restrictedEdit')} name={t('games.restrictedOf', { name })} title={t('games.restrictedTitle', { code: g.gameCode })}>
                    {(close) => <RestrictedForm game={g} close={close} onDone={onDone} />}
                  </FormDialog>
                  <ConfirmButton
                    label={g.enabled ? t('games.disable') : t('games.enable')}
                    danger={g.enabled}
                    title={t(g.enabled ? 'games.disableTitle' : 'games.enableTitle', { name })}
                    description={t(g.enabled ? 'games.disableText' : 'games.enableText')}
                    onConfirm={async () => {
                      await changeGame(g.gameCode, { enabled: !g.enabled });
                      await onDone(t(g.enabled ? 'games.disabledNow' : 'games.enabledNow', { name }));
                    }}
                  />
                </>
              ) : null}
            </div>
          );
        },
      }),
    ],
    [t, language, canManage, selected, onSelect, onDone],
  );

  return (
    <section aria-labelledby="lottery-games-title" className="lottery-panel games-table">
      <h2 id="lottery-games-title">{t('games.title')}</h2>
      <form role="search" className="filters" onSubmit={(e) => e.preventDefault()} aria-label={t('games.filters')}>
        <label htmlFor="lottery-region">{t('games.region')}</label>
        <select id="lottery-region" value={region} onChange={(e) => setRegion(e.target.value as TLottoRegion | '')}>
          <option value="">{t('games.allRegions')}</option>
          {LOTTO_REGIONS.map((r) => (
            <option key={r} value={r}>
              {t(`regions.${r}`)}
            </option>
          ))}
        </select>
      </form>
      {games.isPending ? (
        <TableSkeleton label={t('games.loading')} columns={6} />
      ) : (
        <DataTable
          caption={t('games.title')}
          columns={columns}
          rows={rows}
          loading={games.isFetching && !games.data}
          error={games.error}
          onRetry={() => void games.refetch()}
          rowKey={(g) => g.gameCode}
          clientSort
        />
      )}
    </section>
  );
}
