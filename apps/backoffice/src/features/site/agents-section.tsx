import { TEAM_BALANCE_VISIBILITY, type TSiteConfig } from '@lotus/contracts/site-config';
import { useTranslation } from 'react-i18next';

/**
 * Agents (issue 28, docs/adr/0101): what an agent sees of its team's money in the agent centre's team management.
 * Members' balances are personal data (PDPA), so hidden is the default; the other choices show them for the agent's
 * direct downlines only, or for its whole team. One radio group: the arrow keys move between the choices.
 */
export function AgentsSection({
  draft,
  onChange,
  readOnly,
}: {
  draft: TSiteConfig['agents'];
  onChange: (next: TSiteConfig['agents']) => void;
  readOnly: boolean;
}) {
  const { t } = useTranslation('siteConfig');
  return (
    <fieldset className="config-form config-choices" disabled={readOnly} aria-describedby="agents-privacy">
      <legend>{t('agents.intro')}</legend>
      <ul>
        {TEAM_BALANCE_VISIBILITY.map((value) => (
          <li key={value}>
            <label>
              <input
                type="radio"
                name="agents-team-balances"
                value={value}
                checked={draft.teamBalances === value}
                aria-describedby={`agents-${value}`}
                onChange={() => onChange({ ...draft, teamBalances: value })}
              />
              <span>{t(`agents.teamBalances.${value}`)}</span>
            </label>
            <p className="hint" id={`agents-${value}`}>
              {t(`agents.meaning.${value}`)}
            </p>
          </li>
        ))}
      </ul>
      <p className="hint" id="agents-privacy">
        {t('agents.privacy')}
      </p>
    </fieldset>
  );
}
