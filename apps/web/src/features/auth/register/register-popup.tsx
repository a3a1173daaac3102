import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { findPathKey, paths } from '@/config/paths';
import { Modal } from '@/components/ui/modal/modal';
import { RegisterForm } from './register-form';
import { closeRegisterPopup, useRegisterPopup } from './register-popup-store';
import './accounts-form.css';

/** 2.RGP.04 / decision 2.RGP.05: the popup opens 100 ms after it is asked for, and is never smaller than 200 x 200. */
export const REGISTER_POPUP_DELAY_MS = 100;
export const REGISTER_POPUP_MIN_SIZE = 200;
/** Query parameters that open the popup on the home page; removed when it closes. */
export const REGISTER_POPUP_PARAMS = ['register', 'referralCode', 'affiliateCode'] as const;

/**
 * The registration popup (2.RGP): a modal over the current page that locks the body scroll
 * (2.RGP.03), does not close on a click outside (2.RGP.06) and can be dragged by its header
 * (2.RGP.07). It registers with the referralCode it was opened with (2.RGP.02).
 */
export function RegisterPopup() {
  const { t } = useTranslation('auth-register');
  const referralCode = useRegisterPopup((s) => s.referralCode);
  const affiliateCode = useRegisterPopup((s) => s.affiliateCode);
  const navigate = useNavigate();
  const location = useLocation();

  /** Closes, and drops the parameters that opened it so a reload does not open it again. */
  const close = () => {
    closeRegisterPopup();
    if (findPathKey(location.pathname) !== 'home') return;
    const params = new URLSearchParams(location.search);
    if (!REGISTER_POPUP_PARAMS.some((p) => params.has(p))) return;
    for (const p of REGISTER_POPUP_PARAMS) params.delete(p);
    const search = params.toString();
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true });
  };

  return (
    <Modal
      open
      onClose={close}
      title={t('title')}
      width={520}
      height={REGISTER_POPUP_MIN_SIZE}
      delay={REGISTER_POPUP_DELAY_MS}
      closeOnCover={false}
      draggable
      className="register-popup"
      data-testid="register-popup"
    >
      <RegisterForm
        referralCode={referralCode}
        affiliateCode={affiliateCode}
        onRegistered={() => {
          closeRegisterPopup();
          void navigate(paths.home.getHref(), { replace: true });
        }}
        onNavigate={closeRegisterPopup}
      />
    </Modal>
  );
}
