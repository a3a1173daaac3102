import { useTranslation } from 'react-i18next';
import type { TAgentContract } from '@lotus/contracts/agent';
import { Button } from '@/components/ui/button/button';
import { showDialog } from '@/components/ui/dialog/dialog-store';
import { escapeHtml, getErrorText } from '@/lib/error-text';
import { notify } from '@/lib/notify';
import { useAnswerOfferMutation } from '../api/answer-contract-offer';

/**
 * Accept / Refuse of an offer made to me: the process call of the offer's kind (7.RELAY.16-19), after a
 * confirmation (an offer is answered once; accepting replaces my active contract of that kind).
 */
export function OfferActions({ contract }: { contract: TAgentContract }) {
  const { t } = useTranslation('agent-centre');
  const answer = useAnswerOfferMutation();
  const kind = t(`kinds.${contract.kind}`);

  const run = async (action: 'accept' | 'refuse') => {
    const choice = await showDialog({
      icon: action === 'accept' ? 'info' : 'warning',
      title: t(`contracts.confirm_${action}_title`, { kind }),
      html: escapeHtml(t(`contracts.confirm_${action}`, { kind })),
      buttons: [
        { label: t('common.cancel'), variant: 'secondary' },
        { label: t(`contracts.${action}`), variant: action === 'accept' ? 'primary' : 'danger', isDefault: true },
      ],
    });
    if (choice !== 1) return;
    try {
      await answer.mutateAsync({ kind: contract.kind, contractId: contract.id, action });
      notify.success(t(`contracts.done_${action}`, { kind }));
    } catch (error) {
      notify.error(getErrorText(error));
    }
  };

  return (
    <>
      <Button variant="primary" disabled={answer.isPending} onClick={() => void run('accept')} data-testid={`ac-accept-${contract.id}`}>
        {t('contracts.accept')}
      </Button>
      <Button variant="secondary" disabled={answer.isPending} onClick={() => void run('refuse')} data-testid={`ac-refuse-${contract.id}`}>
        {t('contracts.refuse')}
      </Button>
    </>
  );
}
