import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TEAM_RANGE_MAX_DAYS } from '@lotus/contracts/agent';
import { Button } from '@/components/ui/button/button';
import { formatDay, formatTime } from '../lib/format';
import { checkTeamRange, type TTeamDayRange, type TTeamRangeError } from '../lib/team-range';

const SEARCH = /^[A-Za-z0-9_]{0,30}$/;

export type TTeamRangeFormProps = {
  /** The range (and search) the page shows now: the form starts from it. */
  value: TTeamDayRange & { search?: string };
  /** Called with a checked range (from <= to, at most 62 days) and, with `withSearch`, a checked username search. */
  onApply: (value: TTeamDayRange & { search: string }) => void;
  /** Adds the username search (User profit and loss). */
  withSearch?: boolean;
  /** The prefix of the test ids: `<prefix>-from`, `-to`, `-search`, `-submit`, `-range-error`. */
  testId: string;
};

/**
 * The range of Bangkok days of Team betting and User profit and loss: two dates (and a username search), applied
 * with the button. A range the server would refuse (from after to, more than 62 days, not a date) is refused here
 * with its reason, and nothing is asked.
 */
export function TeamRangeForm({ value, onApply, withSearch = false, testId }: TTeamRangeFormProps) {
  const { t } = useTranslation('agent-centre');
  const ids = useId();
  const fromRef = useRef<HTMLInputElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const [from, setFrom] = useState(value.from);
  const [to, setTo] = useState(value.to);
  const [search, setSearch] = useState(value.search ?? '');
  const [rangeError, setRangeError] = useState<TTeamRangeError | null>(null);
  const [searchError, setSearchError] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const range = { from, to };
    const nextRangeError = checkTeamRange(range);
    const typed = search.trim();
    const nextSearchError = withSearch && !SEARCH.test(typed);
    setRangeError(nextRangeError);
    setSearchError(nextSearchError);
    if (nextRangeError) {
      fromRef.current?.focus();
      return;
    }
    if (nextSearchError) {
      searchRef.current?.focus();
      return;
    }
    onApply({ ...range, search: withSearch ? typed : '' });
  };

  const rangeErrorId = `${ids}-range-error`;
  const dateField = (key: 'from' | 'to') => (
    <div className="ac-field">
      <label htmlFor={`${ids}-${key}`}>{t(`range.${key}`)}</label>
      <input
        id={`${ids}-${key}`}
        ref={key === 'from' ? fromRef : undefined}
        type="date"
        className="ac-input"
        required
        value={key === 'from' ? from : to}
        onChange={(e) => (key === 'from' ? setFrom : setTo)(e.target.value)}
        aria-invalid={rangeError ? true : undefined}
        aria-describedby={rangeError ? rangeErrorId : undefined}
        data-testid={`${testId}-${key}`}
      />
    </div>
  );

  return (
    <form className="ac-range" aria-label={t('range.label')} onSubmit={submit} noValidate data-testid={`${testId}-form`}>
      <div className="ac-range__fields">
        {dateField('from')}
        {dateField('to')}
        {withSearch ? (
          <div className="ac-field ac-range__search">
            <label htmlFor={`${ids}-search`}>{t('team.search')}</label>
            <input
              id={`${ids}-search`}
              ref={searchRef}
              type="search"
              className="ac-input"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={30}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              aria-invalid={searchError || undefined}
              aria-describedby={searchError ? `${ids}-search-error` : undefined}
              data-testid={`${testId}-search`}
            />
            {searchError ? (
              <p id={`${ids}-search-error`} className="ac-field__error" data-testid={`${testId}-search-error`}>
                {t('team.search_invalid')}
              </p>
            ) : null}
          </div>
        ) : null}
        <Button type="submit" variant="secondary" className="ac-range__submit" data-testid={`${testId}-submit`}>
          {t('range.show')}
        </Button>
      </div>
      {rangeError ? (
        <p id={rangeErrorId} className="ac-field__error" role="alert" data-testid={`${testId}-range-error`}>
          {t(`range.errors.${rangeError}`, { max: TEAM_RANGE_MAX_DAYS })}
        </p>
      ) : (
        <p className="ac-field__hint">{t('range.hint', { max: TEAM_RANGE_MAX_DAYS })}</p>
      )}
    </form>
  );
}

/** The days shown and the time the figures are as of, as Team overview shows it. */
export function TeamRangeSummary({ range, asOf, testId }: { range: TTeamDayRange; asOf: string | null | undefined; testId: string }) {
  const { t, i18n } = useTranslation('agent-centre');
  const language = i18n.resolvedLanguage ?? 'th';
  const from = formatDay(range.from, language);
  const to = formatDay(range.to, language);
  return (
    <p className="ac-summary" aria-live="polite" data-testid={`${testId}-range`}>
      {from === to ? from : t('overview.range_text', { from, to })}
      {asOf === undefined ? null : (
        <>
          {' · '}
          <span data-testid={`${testId}-asof`}>{asOf ? t('overview.as_of', { time: formatTime(asOf, language) }) : t('overview.as_of_none')}</span>
        </>
      )}
    </p>
  );
}
