import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Notice } from '@/components/states';
import { PAGES } from '@/config/paths';
import { can, useMe } from '@/lib/session';
import { gamesQueryOptions, LOTTERY_KEY } from './api';
import { DrawsPanel } from './draws-panel';
import { GamesPanel } from './games-panel';
import './lottery.css';

type TNotice = { text: string; approvals?: boolean };

/**
 * The Lottery page (issue 27, docs/adr/0096): the lottery vendor's games (on sale, stakes, exposure cap, rates,
 * restricted numbers) and a game's draws with their results, tickets and exposure (lottery.read); with lottery.manage
 * the changes: results entered by one operator and confirmed by another, draws moved or voided (a void waits for a
 * second operator), games edited. The draws first (the daily work), then the games; the game whose draws are shown is in
 * the address (`?game=VN_MB`), so a link names it.
 */
export function LotteryPage() {
  const { t } = useTranslation('lottery');
  const me = useMe();
  const client = useQueryClient();
  const canManage = can(me.data, 'lottery.manage');
  const games = useQuery(gamesQueryOptions());
  const [params, setParams] = useSearchParams();
  const [notice, setNotice] = useState<TNotice | null>(null);

  const list = games.data?.games ?? [];
  const wanted = params.get('game');
  const game = list.find((g) => g.gameCode === wanted) ?? list[0] ?? null;

  const select = useCallback(
    (gameCode: string) => {
      setParams((p) => {
        const next = new URLSearchParams(p);
        next.set('game', gameCode);
        return next;
      });
      document.getElementById('lottery-draws-title')?.scrollIntoView?.({ block: 'start' });
    },
    [setParams],
  );
  const done = useCallback(
    async (text: string, options: { approvals?: boolean } = {}) => {
      setNotice({ text, ...options });
      await client.invalidateQueries({ queryKey: LOTTERY_KEY });
    },
    [client],
  );

  return (
    <section aria-labelledby="lottery-title" className="lottery-page">
      <h1 id="lottery-title">{t('title')}</h1>
      <p className="hint">{t('intro', { vendor: games.data?.vendor ?? '…' })}</p>
      {canManage ? null : <p className="hint">{t('readOnly')}</p>}
      {notice ? (
        <Notice>
          {notice.text} {notice.approvals ? <Link to={PAGES.approvals.path}>{t('toApprovals')}</Link> : null}
        </Notice>
      ) : null}
      {game ? <DrawsPanel key={game.gameCode} game={game} games={list} canManage={canManage} onSelect={select} onDone={done} /> : null}
      <GamesPanel canManage={canManage} selected={game?.gameCode ?? null} onSelect={select} onDone={done} />
    </section>
  );
}
