import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { promptPayPayload } from '@lotus/contracts/promptpay';
import { Skeleton } from '@/components/ui/skeleton/skeleton';

/**
 * The PromptPay QR of a deposit (issue 25, docs/adr/0073): made in the browser from the channel's PromptPay
 * ID and the amount typed (EMVCo payload with its CRC, contracts/promptpay.ts), drawn by `qrcode`, which is
 * fetched only when a PromptPay channel is shown. Until the amount is a valid one, a note says to enter it.
 */
export function PromptPayQr({
  promptPayId,
  accountName,
  amount,
  money,
}: {
  promptPayId: string;
  accountName: string;
  /** The amount within the channel's limits, or null while the typed one is not. */
  amount: string | null;
  money: (v: string) => string;
}) {
  const { t } = useTranslation('member-centre', { keyPrefix: 'deposit' });
  const payload = amount ? promptPayPayload(promptPayId, amount) : null;
  const [image, setImage] = useState<{ payload: string; url: string } | null>(null);

  useEffect(() => {
    if (!payload) return;
    let live = true;
    void import('qrcode').then((QRCode) =>
      QRCode.toDataURL(payload, { errorCorrectionLevel: 'M', margin: 1, width: 440 }).then((url) => {
        if (live) setImage({ payload, url });
      }),
    );
    return () => {
      live = false;
    };
  }, [payload]);

  const shown = amount ? money(amount) : '';
  return (
    <div className="wallet-promptpay" data-testid="deposit-promptpay">
      <p className="wallet-form__hint">{t('promptpay_to', { name: accountName, id: promptPayId })}</p>
      {payload ? (
        <>
          <div className="wallet-promptpay__qr" data-testid="deposit-promptpay-qr" data-payload={payload}>
            {image?.payload === payload ? (
              <img src={image.url} width={220} height={220} alt={t('promptpay_alt', { amount: shown, name: accountName })} />
            ) : (
              <Skeleton height={220} />
            )}
          </div>
          <p className="wallet-promptpay__amount">{shown}</p>
          <p className="wallet-form__hint">{t('promptpay_hint')}</p>
        </>
      ) : (
        <p className="wallet-notice" data-testid="deposit-promptpay-empty">
          {t('promptpay_enter_amount')}
        </p>
      )}
    </div>
  );
}
