import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/button/button';
import { Skeleton } from '@/components/ui/skeleton/skeleton';
import { notify } from '@/lib/notify';

/** The registration link of an affiliate code: /register?affiliateCode=<code> on this site (decision 4.AFF.04). */
export function registerLink(origin: string, affiliateCode: string): string {
  return `${origin}${paths.register.getHref({ affiliateCode })}`;
}

/** The QR code of the link, drawn by `qrcode`, fetched only when this page shows. */
function LinkQr({ link }: { link: string }) {
  const { t } = useTranslation('agent-centre', { keyPrefix: 'account' });
  const [image, setImage] = useState<{ link: string; url: string } | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((QRCode) => QRCode.toDataURL(link, { errorCorrectionLevel: 'M', margin: 1, width: 400 }))
      .then((url) => {
        if (live) setImage({ link, url });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [link]);
  return (
    <div className="ac-qr" data-testid="ac-register-qr" data-link={link}>
      {image?.link === link ? <img src={image.url} width={200} height={200} alt={t('qr_alt')} /> : <Skeleton width={200} height={200} />}
    </div>
  );
}

/** The agent's registration link with a copy button and its QR code: who registers through it joins the team. */
export function RegisterLink({ affiliateCode }: { affiliateCode: string }) {
  const { t } = useTranslation('agent-centre', { keyPrefix: 'account' });
  const link = registerLink(window.location.origin, affiliateCode);
  const copy = () => {
    const done = () => notify.success(t('copied'));
    const failed = () => notify.error(t('copy_failed'));
    if (!navigator.clipboard) return failed();
    void navigator.clipboard.writeText(link).then(done, failed);
  };
  return (
    <div className="ac-link-box">
      <div className="ac-link-box__text">
        <p className="ac-field__label">{t('link_label')}</p>
        <p className="ac-link-box__link" data-testid="ac-register-link">
          {link}
        </p>
        <p className="ac-field__hint">{t('code', { code: affiliateCode })}</p>
        <Button variant="primary" onClick={copy} data-testid="ac-register-copy">
          {t('copy')}
        </Button>
      </div>
      <LinkQr link={link} />
    </div>
  );
}
