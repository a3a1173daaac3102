import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TTeamMembers } from '@lotus/contracts/agent';
import { Button } from '@/components/ui/button/button';
import { EmptyState } from '@/components/ui/empty-state/empty-state';
import { Pager } from '@/components/ui/pager/pager';
import { Skeleton } from '@/components/ui/skeleton/skeleton';
import { useTeamMembers } from '../api/list-team-members';
import { formatDate, formatTime } from '../lib/format';
import { formatCount, useMoney } from '../lib/use-money';
import { LoadError } from './load-error';
import { OfferContractDialog } from './offer-contract-form';

type TMember = TTeamMembers['list'][number];

/** From me down to the level shown: every level above it is a button back up. */
function Breadcrumb({ path, onGo }: { path: readonly string[]; onGo: (parent: string) => void }) {
  const { t } = useTranslation('agent-centre', { keyPrefix: 'team' });
  return (
    <nav aria-label={t('path_label')} className="ac-crumbs" data-testid="ac-team-path">
      <ol>
        {path.map((name, i) => {
          const label = i === 0 ? t('me', { name }) : name;
          const last = i === path.length - 1;
          return (
            <li key={`${i}-${name}`}>
              {last ? (
                <span aria-current="location" className="ac-crumbs__here">
                  {label}
                </span>
              ) : (
                <button type="button" className="ac-link-button" onClick={() => onGo(i === 0 ? '' : name)} data-testid={`ac-team-crumb-${i}`}>
                  {label}
                </button>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

function MemberCard({ member, onOpen, onOffer }: { member: TMember; onOpen: () => void; onOffer?: (() => void) | undefined }) {
  const { t, i18n } = useTranslation('agent-centre');
  const money = useMoney();
  const language = i18n.resolvedLanguage ?? 'th';
  return (
    <article className="ac-card ac-member" data-testid={`ac-member-${member.username}`}>
      <header className="ac-member__head">
        <h4 className="ac-member__name">{member.username}</h4>
        <span className={`ac-tag${member.isAgent ? ' ac-tag--agent' : ''}`}>{member.isAgent ? t('team.agent') : t('team.member')}</span>
      </header>
      <dl className="ac-facts">
        <div>
          <dt>{t('team.level')}</dt>
          <dd>{formatCount(member.level)}</dd>
        </div>
        {member.isAgent ? (
          <div>
            <dt>{t('team.team_size')}</dt>
            <dd>{formatCount(member.teamSize)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('team.joined')}</dt>
          <dd>{formatDate(member.createdAt, language)}</dd>
        </div>
        <div>
          <dt>{t('team.last_login')}</dt>
          <dd>{member.lastLoginAt ? formatTime(member.lastLoginAt, language) : t('team.never')}</dd>
        </div>
        {member.balance !== null ? (
          <div>
            <dt>{t('team.balance')}</dt>
            <dd data-testid={`ac-member-${member.username}-balance`}>{money(member.balance)}</dd>
          </div>
        ) : null}
        {member.contracts.length > 0 ? (
          <div>
            <dt>{t('team.contracts')}</dt>
            <dd data-testid={`ac-member-${member.username}-contracts`}>{member.contracts.map((k) => t(`kinds.${k}`)).join(', ')}</dd>
          </div>
        ) : null}
      </dl>
      {member.teamSize > 0 || onOffer ? (
        <div className="ac-member__actions">
          {member.teamSize > 0 ? (
            <Button variant="secondary" onClick={onOpen} data-testid={`ac-member-${member.username}-open`}>
              {t('team.open_team', { count: member.teamSize })}
            </Button>
          ) : null}
          {onOffer ? (
            <Button variant="primary" onClick={onOffer} data-testid={`ac-member-${member.username}-offer`}>
              {t('team.offer')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}

/**
 * Team management: my downline tree one level at a time (the breadcrumb leads back up; a member with a team opens
 * its level), a username search and pages of 20. An agent of my direct downline can be offered a contract; each
 * member shows its active contract kinds.
 */
export function TeamManagementPage() {
  const { t } = useTranslation('agent-centre');
  const ids = useId();
  const [parent, setParent] = useState('');
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [searchError, setSearchError] = useState(false);
  const [pageNo, setPageNo] = useState(1);
  const [offerTo, setOfferTo] = useState<string | null>(null);
  const members = useTeamMembers({ parent, search, pageNo });
  const data = members.data;

  const go = (next: string) => {
    setParent(next);
    setTyped('');
    setSearch('');
    setSearchError(false);
    setPageNo(1);
  };
  const submitSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = typed.trim();
    const ok = /^[A-Za-z0-9_]{0,30}$/.test(value);
    setSearchError(!ok);
    if (!ok) return;
    setSearch(value);
    setPageNo(1);
  };

  return (
    <div className="ac-page" data-testid="ac-team-page">
      <h3 className="ac-page__title">{t('pages.teamManagement')}</h3>
      {data ? <Breadcrumb path={data.path} onGo={go} /> : null}
      <form className="ac-search" role="search" onSubmit={submitSearch} data-testid="ac-team-search-form">
        <div className="ac-field">
          <label htmlFor={`${ids}-search`}>{t('team.search')}</label>
          <input
            id={`${ids}-search`}
            type="search"
            className="ac-input"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={30}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            aria-invalid={searchError || undefined}
            aria-describedby={searchError ? `${ids}-search-error` : undefined}
            data-testid="ac-team-search"
          />
          {searchError ? (
            <p id={`${ids}-search-error`} className="ac-field__error">
              {t('team.search_invalid')}
            </p>
          ) : null}
        </div>
        <Button type="submit" variant="secondary" data-testid="ac-team-search-submit">
          {t('team.search_button')}
        </Button>
      </form>
      {members.isError && !members.isFetching ? (
        <>
          <LoadError error={members.error} onRetry={() => void members.refetch()} testId="ac-team-error" />
          {parent ? (
            <Button variant="ghost" onClick={() => go('')}>
              {t('team.back_to_mine')}
            </Button>
          ) : null}
        </>
      ) : !data ? (
        <div aria-busy="true" data-testid="ac-team-loading">
          <span className="visually-hidden" role="status">
            {t('common.loading')}
          </span>
          <Skeleton height={150} count={3} className="ac-skeleton-gap" />
        </div>
      ) : data.list.length === 0 ? (
        <EmptyState message={search ? t('team.no_match', { search }) : t('team.empty')} />
      ) : (
        <>
          <p className="ac-summary" aria-live="polite">
            {t('team.count', { count: data.total })}
          </p>
          <ul className="ac-list" role="list" aria-busy={members.isFetching || undefined} data-testid="ac-team-list">
            {data.list.map((member) => (
              <li key={member.username}>
                <MemberCard
                  member={member}
                  onOpen={() => go(member.username)}
                  onOffer={member.level === 1 && member.isAgent ? () => setOfferTo(member.username) : undefined}
                />
              </li>
            ))}
          </ul>
          {data.totalPages > 1 ? (
            <div className="ac-paging">
              <span className="ac-paging__text">{t('common.page_of', { page: pageNo, pages: data.totalPages })}</span>
              <Pager page={pageNo} totalPages={data.totalPages} onChange={setPageNo} />
            </div>
          ) : null}
        </>
      )}
      <OfferContractDialog downline={offerTo} onClose={() => setOfferTo(null)} />
    </div>
  );
}
