import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/ui/modal/modal';
import { SliderPuzzle } from './slider-puzzle';

/** The slider puzzle in a modal: solved -> the token; closed (×, Escape) -> null. */
export function SliderModal({ onDone }: { onDone: (token: string | null) => void }) {
  const { t } = useTranslation('auth-verify');
  return (
    <Modal
      open
      onClose={() => onDone(null)}
      title={t('slider.title')}
      width={360}
      height="auto"
      closeOnCover={false}
      className="slider-modal"
      data-testid="slider-modal"
    >
      <SliderPuzzle onSolved={(token) => onDone(token)} />
    </Modal>
  );
}
