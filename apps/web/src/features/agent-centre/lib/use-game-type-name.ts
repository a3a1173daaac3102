import { useTranslation } from 'react-i18next';
import type { TTeamGameType } from '@lotus/contracts/agent';

/**
 * The name of a game type as the whole site names it (the menu's categories, common:categories: "Slots", "สล็อต");
 * OTHER, a game the catalogue does not list, is named by the agent centre.
 */
export function useGameTypeName(): (type: TTeamGameType) => string {
  const { t } = useTranslation('agent-centre');
  return (type) => (type === 'OTHER' ? t('game_types.OTHER') : t(`common:categories.${type}`));
}
