import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ConfirmButton } from '@/components/confirm-button';
import { Notice } from '@/components/states';
import { PAGES } from '@/config/paths';
import { can, useMe } from '@/lib/session';
import { AGENTS_KEY, settleNow } from './api';
import { ContractForm, MakeAgentForm } from './agent-forms';
import { BillsPanel } from './bills-panel';
import { ContractsPanel } from './contracts-panel';
import { FormDialog } from './parts';
import { PeriodsPanel } from './periods-panel';
import { TreePanel } from './tree-panel';
import './agents.css';

type TNotice = { text: string; approvals?: boolean };

export const AGENTS_TABS = ['contracts', 'tree', 'bills', 'periods'] as const;
type TTab = (typeof AGENTS_TABS)[number];

/**
 * The Agents page (issue 28, docs/adr/0100), money.read: the agent contracts (who is paid, by whom, on which tiers),
 * the agent tree one level at a time, the bills of each period with their calculation and disputes, and the
 * settlement's latest periods, one tab each; the tab is in the address (`?tab=bills`), so a link names it. The changes,
 * each shown only to a role that may make it: make a member an agent (members.write) and offer a top-level agent its
 * contract (money.write), both four-eyes requests a second operator approves; run the settlement now (money.write),
 * what the job does every minute; uphold a disputed bill and settle a period again (money.write, the latter a
 * four-eyes request: docs/adr/0101).
 */
export function AgentsPage() {
  const { t } = useTranslation('agents');
  const me = useMe();
  const client = useQueryClient();
  const canMembers = can(me.data, 'members.write');
  const canMoney = can(me.data, 'money.write');
  const [params, setParams] = useSearchParams();
  const [notice, setNotice] = useState<TNotice | null>(null);
  const tabs = useRef<Record<TTab, HTMLButtonElement | null>>({ contracts: null, tree: null, bills: null, periods: null });
  const wanted = params.get('tab');
  const tab: TTab = AGENTS_TABS.includes(wanted as TTab) ? (wanted as TTab) : 'contracts';

  const select = useCallback(
    (next: TTab) => {
      setParams((p) => {
        const search = new URLSearchParams(p);
        if (next === 'contracts') search.delete('tab');
        else search.set('tab', next);
        return search;
      });
    },
    [setParams],
  );
  // The tabs' keys (WAI-ARIA tabs): arrows move along them, Home and End to the ends; the focus follows.
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const at = AGENTS_TABS.indexOf(tab);
    const n = AGENTS_TABS.length;
    const to = ({ ArrowRight: (at + 1) % n, ArrowLeft: (at + n - 1) % n, Home: 0, End: n - 1 } as Record<string, number>)[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const next = AGENTS_TABS[to]!;
    select(next);
    tabs.current[next]?.focus();
  };
  const done = useCallback(
    async (text: string, options: { approvals?: boolean } = {}) => {
      setNotice({ text, ...options });
      await client.invalidateQueries({ queryKey: AGENTS_KEY });
      if (options.approvals) await client.invalidateQueries({ queryKey: ['approvals'] });
    },
    [client],
  );

  return (
    <section aria-labelledby="agents-title" className="agents-page">
      <h1 id="agents-title">{t('title')}</h1>
      <p className="hint">{t('intro')}</p>
      {canMembers || canMoney ? (
        <div className="actions" role="group" aria-label={t('actionsLabel')}>
          {canMembers ? (
            <FormDialog label={t('make.open')} title={t('make.title')}>
              {(close) => <MakeAgentForm close={close} onDone={done} />}
            </FormDialog>
          ) : null}
          {canMoney ? (
            <>
              <FormDialog label={t('offer.open')} title={t('offer.title')} wide>
                {(close) => <ContractForm close={close} onDone={done} />}
              </FormDialog>
              <ConfirmButton
                label={t('settle.open')}
                title={t('settle.title')}
                description={t('settle.text')}
                onConfirm={async () => {
                  const run = await settleNow();
                  await done(t('settle.done', run));
                }}
              />
            </>
          ) : null}
        </div>
      ) : (
        <p className="hint">{t('readOnly')}</p>
      )}
      {notice ? (
        <Notice>
          {notice.text} {notice.approvals ? <Link to={PAGES.approvals.path}>{t('toApprovals')}</Link> : null}
        </Notice>
      ) : null}
      <div className="tabs agents-tabs" role="tablist" aria-label={t('tabsLabel')}>
        {AGENTS_TABS.map((k) => (
          <button
            key={k}
            ref={(el) => {
              tabs.current[k] = el;
            }}
            type="button"
            role="tab"
            id={`agents-tab-${k}`}
            aria-selected={tab === k}
            aria-controls={tab === k ? `agents-tabpanel-${k}` : undefined}
            tabIndex={tab === k ? 0 : -1}
            className={tab === k ? 'active' : undefined}
            onClick={() => select(k)}
            onKeyDown={onTabKey}
          >
            {t(`tabs.${k}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`agents-tabpanel-${tab}`} aria-labelledby={`agents-tab-${tab}`}>
        {tab === 'contracts' ? (
          <ContractsPanel />
        ) : tab === 'tree' ? (
          <TreePanel />
        ) : tab === 'bills' ? (
          <BillsPanel canMoney={canMoney} onDone={done} />
        ) : (
          <PeriodsPanel canMoney={canMoney} onDone={done} />
        )}
      </div>
    </section>
  );
}
