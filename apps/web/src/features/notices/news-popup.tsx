import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { onIdle } from '@/lib/schedule';
import { session } from '@/lib/storage';
import { useAnnouncements } from './api/get-announcements';
import './news-popup.css';

// The dialog (modal and HTML sanitiser) loads only when the popup opens: most visits never see it.
const NewsPopupDialog = lazy(() => import('./news-popup-dialog').then((m) => ({ default: m.NewsPopupDialog })));

/** sessionStorage flag: the news popup was shown in this browser session. */
export const NEWS_POPUP_SHOWN_KEY = 'newsPopupShown';

/**
 * The 'news' popup (2.NOT.04): the PU notices as sanitised HTML, with a close button. Place it on
 * the home page; it opens once per browser session (sessionStorage flag, set when it is shown) and
 * only when there is at least one PU notice.
 */
export function NewsPopup() {
  const { data: notices } = useAnnouncements(['PU']);
  const [alreadyShown] = useState(() => session.get(NEWS_POPUP_SHOWN_KEY) === '1');
  const [closed, setClosed] = useState(false);
  const wanted = !alreadyShown && !closed && !!notices && notices.length > 0;
  // It opens in an idle moment after the notices arrive, as a transition: the dialog's code, the
  // sanitising of the notices' HTML and their dates then never join the page's own first renders
  // in one long task (issue 10: total blocking time). The delay is a frame or two.
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!wanted || idle) return;
    return onIdle(() => startTransition(() => setIdle(true)), 1000);
  }, [wanted, idle]);
  const open = wanted && idle;

  useEffect(() => {
    if (open) session.set(NEWS_POPUP_SHOWN_KEY, '1');
  }, [open]);

  const close = () => setClosed(true);

  if (!open || !notices) return null;
  return (
    <Suspense fallback={null}>
      <NewsPopupDialog notices={notices} onClose={close} />
    </Suspense>
  );
}
