import { useTranslation } from 'react-i18next';
import './full-page-loader.css';

export type FullPageLoaderProps = {
  /** Default true; false renders nothing (handy for `<FullPageLoader visible={isPending} />`). */
  visible?: boolean;
  /** Text for assistive technology and under the spinner; default the translated "Loading". */
  label?: string;
};

/** Covers the whole page while something blocking is in progress (2.MOD.08). */
export function FullPageLoader({ visible = true, label }: FullPageLoaderProps) {
  const { t } = useTranslation('ui');
  if (!visible) return null;
  const text = label ?? t('loading');
  return (
    <div className="ui-full-page-loader" role="status" aria-busy="true" aria-live="polite" data-testid="full-page-loader">
      <span className="ui-full-page-loader__spinner" aria-hidden="true" />
      <span className="ui-full-page-loader__label">{text}</span>
    </div>
  );
}
