import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MIN_BET_OPTIONS } from '../lib/list-state';

/** A classification's label: translated when known, else the code made readable (VIDEO_SLOT -> Video slot). */
export function useClassifyLabel() {
  const { t } = useTranslation('games');
  return (code: string) => t(`classify.${code}`, { defaultValue: code.charAt(0) + code.slice(1).toLowerCase().replace(/_/g, ' ') });
}

/**
 * The filters of the "all" list (2.GL.04-06): classification, name search (on submit), and the
 * minimum-bet options all 0.01 0.05 0.1 0.5 0.75 with the min-bet text (9.C.02, decision 9.C.03).
 */
export function GameFilters({
  classifications,
  classify,
  name,
  minBet,
  currencySymbol,
  onClassify,
  onName,
  onMinBet,
}: {
  classifications: readonly string[];
  classify: string;
  name: string;
  minBet: string;
  currencySymbol: string;
  onClassify: (value: string) => void;
  onName: (value: string) => void;
  onMinBet: (value: string) => void;
}) {
  const { t } = useTranslation('games');
  const label = useClassifyLabel();
  const id = useId();
  const [draft, setDraft] = useState(name);
  // The name changed elsewhere ("clear filters"): the box shows it (state adjusted during render).
  const [shownName, setShownName] = useState(name);
  if (shownName !== name) {
    setShownName(name);
    setDraft(name);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onName(draft);
  };

  return (
    <div className="game-filters" role="search" aria-label={t('filters.label')} data-testid="game-filters">
      <div className="game-filters__field">
        <label htmlFor={`${id}-classify`}>{t('filters.classify')}</label>
        <select id={`${id}-classify`} data-testid="filter-classify" value={classify} onChange={(e) => onClassify(e.target.value)}>
          <option value="">{t('filters.classifyAll')}</option>
          {classifications.map((code) => (
            <option key={code} value={code}>
              {label(code)}
            </option>
          ))}
        </select>
      </div>
      <form className="game-filters__field game-filters__search" onSubmit={submit}>
        <label htmlFor={`${id}-name`}>{t('filters.name')}</label>
        <span className="game-filters__search-row">
          <input
            id={`${id}-name`}
            type="search"
            data-testid="filter-name"
            maxLength={50}
            value={draft}
            placeholder={t('filters.namePlaceholder')}
            onChange={(e) => setDraft(e.target.value)}
          />
          <button type="submit" className="game-filters__search-button" data-testid="filter-name-submit">
            {t('filters.search')}
          </button>
        </span>
      </form>
      <fieldset className="game-filters__field game-filters__minbet">
        <legend>{t('filters.minBet')}</legend>
        <div className="game-filters__options" data-testid="filter-minbet">
          {['', ...MIN_BET_OPTIONS].map((option) => (
            <button
              key={option || 'all'}
              type="button"
              className="game-filters__option"
              data-testid={`filter-minbet-${option || 'all'}`}
              aria-pressed={minBet === option}
              onClick={() => onMinBet(option)}
            >
              {option || t('filters.minBetAll')}
            </button>
          ))}
        </div>
        <p className="game-filters__hint" data-testid="filter-minbet-text">
          {t('filters.minBetText', { symbol: currencySymbol })}
        </p>
      </fieldset>
    </div>
  );
}
