import { GAME_OPS_STATUSES, OPS_GAME_SORT_MAX, type TOpsGameOverride, type TOpsGameRow } from '@lotus/contracts/catalogue';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table';
import { Notice } from '@/components/states';
import { errorCodeOf } from '@/lib/api';
import { gamesQueryOptions, overrideGame, registryQueryOptions } from './api';

const column = createColumnHelper<TOpsGameRow>();
/** How long typing pauses before the name search is sent. */
const SEARCH_DELAY_MS = 300;
type TStatusChoice = 'vendor' | (typeof GAME_OPS_STATUSES)[number];
type THotChoice = 'vendor' | 'on' | 'off';
type TChange = (game: TOpsGameRow, change: TOpsGameOverride, text: string) => Promise<void>;

/** What members see: the operator's status when set, else the vendor's. */
const effectiveStatus = (g: TOpsGameRow) => g.opsStatus ?? g.status;

/** A game's place in the lists: a whole number 0-9999, or empty for the vendor's own place. */
function SortField({ game, name, onChange }: { game: TOpsGameRow; name: string; onChange: TChange }) {
  const { t } = useTranslation('vendors');
  const [text, setText] = useState(game.opsSort === null ? '' : String(game.opsSort));
  const trimmed = text.trim();
  const valid = trimmed === '' || (/^[0-9]{1,4}$/.test(trimmed) && Number(trimmed) <= OPS_GAME_SORT_MAX);
  const next = trimmed === '' ? null : Number(trimmed);
  const id = `sort-${game.nodeId}`;
  return (
    <form
      className="inline"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (valid && next !== game.opsSort) void onChange(game, { opsSort: next }, next === null ? t('games.sortCleared', { name }) : t('games.sortSet', { name, sort: next }));
      }}
    >
      <label className="sr-only" htmlFor={id}>
        {t('games.sortLabel', { name })}
      </label>
      <input
        id={id}
        className="sort-input"
        inputMode="numeric"
        placeholder={String(game.sort)}
        value={text}
        aria-invalid={!valid}
        aria-describedby={valid ? undefined : `${id}-error`}
        onChange={(e) => setText(e.target.value)}
      />
      <button type="submit" disabled={!valid || next === game.opsSort}>
        {t('games.sortSave')}
      </button>
      {valid ? null : (
        <span id={`${id}-error`} className="field-error block">
          {t('games.sortRule', { max: OPS_GAME_SORT_MAX })}
        </span>
      )}
    </form>
  );
}

/**
 * The games the vendors published (vendors.read): filtered by vendor and name, with what members see (the
 * operator's overrides over the vendor's values) and the RTP a vendor publishes (the house titles). With
 * vendors.write: enable or disable (hide) a game, put it in maintenance, set it hot or not, and its sort
 * position; each override can be taken back to the vendor's value.
 */
export function GamesPanel({ canWrite }: { canWrite: boolean }) {
  const { t, i18n } = useTranslation('vendors');
  const client = useQueryClient();
  const vendors = useQuery(registryQueryOptions());
  const [vendor, setVendor] = useState('');
  const [text, setText] = useState('');
  const [name, setName] = useState<string | undefined>(undefined);
  const [notice, setNotice] = useState<{ text: string; tone: 'ok' | 'error' } | null>(null);
  useEffect(() => {
    const next = text.trim() || undefined;
    const timer = setTimeout(() => setName(next), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const games = useQuery(gamesQueryOptions({ vendor: vendor || undefined, name }));
  const thai = i18n.language === 'th';
  const nameOf = useCallback((g: TOpsGameRow) => (thai ? g.nameTh : g.nameEn), [thai]);

  const change = useCallback<TChange>(
    async (game, body, done) => {
      try {
        await overrideGame(game.nodeId, body);
        setNotice({ text: done, tone: 'ok' });
      } catch (error) {
        setNotice({ text: t(`errors:${errorCodeOf(error)}`), tone: 'error' });
      }
      await client.invalidateQueries({ queryKey: ['vendors', 'games'] });
    },
    [client, t],
  );

  const columns = useMemo(
    () => [
      column.accessor(thai ? 'nameTh' : 'nameEn', {
        id: 'name',
        header: t('games.name'),
        enableSorting: true,
        cell: (c) => (
          <>
            {c.getValue()}
            <span className="hint block">
              <code>{c.row.original.gameCode}</code>
            </span>
          </>
        ),
      }),
      column.accessor('vendor', { header: t('games.vendor'), enableSorting: true }),
      column.accessor('gameType', { header: t('games.type') }),
      column.accessor((g) => effectiveStatus(g), {
        id: 'status',
        header: t('games.status'),
        enableSorting: true,
        cell: (c) => {
          const g = c.row.original;
          return (
            <>
              <span className={c.getValue() === 'ACTIVE' ? 'badge badge-active' : c.getValue() === 'MAINTENANCE' ? 'badge warn' : 'badge badge-disabled'}>
                {t(`gameStatuses.${c.getValue()}`)}
              </span>
              <span className="hint block">{g.opsStatus ? t('games.overridden', { vendor: t(`gameStatuses.${g.status}`) }) : t('games.asVendor')}</span>
            </>
          );
        },
      }),
      column.accessor((g) => g.opsHot ?? g.isHot, {
        id: 'hot',
        header: t('games.hot'),
        enableSorting: true,
        cell: (c) => (
          <>
            {c.getValue() ? t('games.hotYes') : t('games.hotNo')}
            <span className="hint block">{c.row.original.opsHot === null ? t('games.asVendor') : t('games.overridden', { vendor: c.row.original.isHot ? t('games.hotYes') : t('games.hotNo') })}</span>
          </>
        ),
      }),
      column.accessor((g) => g.opsSort ?? g.sort, {
        id: 'sort',
        header: t('games.sort'),
        enableSorting: true,
        cell: (c) => (
          <>
            {c.getValue()}
            <span className="hint block">{c.row.original.opsSort === null ? t('games.asVendor') : t('games.vendorSort', { sort: c.row.original.sort })}</span>
          </>
        ),
      }),
      column.accessor('rtp', {
        header: t('games.rtp'),
        cell: (c) =>
          c.getValue() === null ? (
            '—'
          ) : (
            <>
              <span className="amount">{t('games.rtpValue', { rtp: c.getValue() })}</span>
              {c.row.original.volatility ? <span className="hint block">{t('games.volatility', { sd: c.row.original.volatility, label: c.row.original.classification })}</span> : null}
            </>
          ),
      }),
      ...(canWrite
        ? [
            column.display({
              id: 'actions',
              header: t('games.actions'),
              cell: (c) => {
                const g = c.row.original;
                const name = nameOf(g);
                const statusChoice: TStatusChoice = g.opsStatus ?? 'vendor';
                const hotChoice: THotChoice = g.opsHot === null ? 'vendor' : g.opsHot ? 'on' : 'off';
                return (
                  <div className="game-actions">
                    <label className="sr-only" htmlFor={`game-status-${g.nodeId}`}>
                      {t('games.statusLabel', { name })}
                    </label>
                    <select
                      id={`game-status-${g.nodeId}`}
                      value={statusChoice}
                      onChange={(e) => {
                        const v = e.target.value as TStatusChoice;
                        void change(g, { opsStatus: v === 'vendor' ? null : v }, t('games.statusSet', { name, status: t(`statusChoices.${v}`) }));
                      }}
                    >
                      {(['vendor', ...GAME_OPS_STATUSES] as const).map((s) => (
                        <option key={s} value={s}>
                          {t(`statusChoices.${s}`)}
                        </option>
                      ))}
                    </select>
                    <label className="sr-only" htmlFor={`game-hot-${g.nodeId}`}>
                      {t('games.hotLabel', { name })}
                    </label>
                    <select
                      id={`game-hot-${g.nodeId}`}
                      value={hotChoice}
                      onChange={(e) => {
                        const v = e.target.value as THotChoice;
                        void change(g, { opsHot: v === 'vendor' ? null : v === 'on' }, t('games.hotSet', { name, hot: t(`hotChoices.${v}`) }));
                      }}
                    >
                      {(['vendor', 'on', 'off'] as const).map((h) => (
                        <option key={h} value={h}>
                          {t(`hotChoices.${h}`)}
                        </option>
                      ))}
                    </select>
                    <SortField key={`${g.nodeId}:${g.opsSort ?? ''}`} game={g} name={name} onChange={change} />
                  </div>
                );
              },
            }),
          ]
        : []),
    ],
    [t, thai, canWrite, change, nameOf],
  );

  return (
    <section aria-labelledby="games-title" className="vendors-panel">
      <h2 id="games-title">{t('games.title')}</h2>
      <p className="hint">{t('games.intro')}</p>
      <form role="search" className="filters" onSubmit={(e) => e.preventDefault()} aria-label={t('games.filters')}>
        <label htmlFor="games-vendor">{t('games.vendor')}</label>
        <select id="games-vendor" value={vendor} onChange={(e) => setVendor(e.target.value)}>
          <option value="">{t('games.allVendors')}</option>
          {(vendors.data ?? []).map((v) => (
            <option key={v.code} value={v.code}>
              {v.name} ({v.code})
            </option>
          ))}
        </select>
        <label htmlFor="games-name">{t('games.search')}</label>
        <input id="games-name" type="search" data-search maxLength={50} value={text} onChange={(e) => setText(e.target.value)} />
      </form>
      {notice ? <Notice tone={notice.tone}>{notice.text}</Notice> : null}
      <DataTable
        caption={t('games.title')}
        columns={columns}
        rows={games.data}
        loading={games.isFetching && !games.data}
        error={games.error}
        onRetry={() => void games.refetch()}
        rowKey={(g) => String(g.nodeId)}
        clientSort
      />
    </section>
  );
}
