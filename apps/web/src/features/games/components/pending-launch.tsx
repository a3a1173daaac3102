import { useEffect } from 'react';
import { forgetPendingLaunch, usePendingLaunch } from '../lib/pending-launch';
import { useGameLauncher } from './use-game-launcher';

/**
 * Starts the game a visitor tapped once they have logged in in the login sheet (stage `ready`, set by
 * the app layer's bridge). Mounted once, with the layout's other game hosts (issue 25, ADR 0074).
 */
export function PendingLaunch() {
  const ready = usePendingLaunch((s) => (s.stage === 'ready' ? s.game : null));
  const { launch } = useGameLauncher();
  useEffect(() => {
    if (!ready) return;
    forgetPendingLaunch();
    launch(ready);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `launch` is a new function each render; the game starts once
  }, [ready]);
  return null;
}
