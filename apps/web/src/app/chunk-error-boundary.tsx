import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isChunkLoadError } from '@/lib/lazy-chunk';

function ChunkErrorView({ error, attempts, onRetry }: { error: unknown; attempts: number; onRetry: () => void }) {
  const { t } = useTranslation(['common', 'errors']);
  // Decision 8.LOAD.03: a timeout shows 'page_slow_to_load'; a missing/failed group shows the
  // load error; both with a Retry button that loads the group again.
  const message = isChunkLoadError(error)
    ? error.reason === 'timeout'
      ? t('errors:page_slow_to_load')
      : t('common:chunk.load_failed')
    : t('common:chunk.render_failed');
  return (
    <div className="container page">
      <section className="card chunk-error" role="alert" data-testid="chunk-error" style={{ padding: 32, textAlign: 'center' }}>
        <p style={{ marginTop: 0, fontWeight: 600 }}>{message}</p>
        {attempts > 0 && <p style={{ color: 'var(--color-muted)' }}>{t('common:chunk.still_failing')}</p>}
        <div style={{ display: 'flex', gap: 8, justifyContent: 'center', flexWrap: 'wrap' }}>
          <button type="button" className="btn btn--primary" data-testid="chunk-retry" onClick={onRetry}>
            {t('common:actions.retry')}
          </button>
          {attempts > 0 && (
            <button type="button" className="btn btn--outline" onClick={() => window.location.reload()}>
              {t('common:actions.reload')}
            </button>
          )}
        </div>
      </section>
    </div>
  );
}

type Props = { children: ReactNode; onRetry: () => void; resetKey?: string };
type State = { error: unknown; attempts: number; resetKey?: string };

/** Catches a failed page-group load (or a page that throws) and offers Retry (8.LOAD.01-03). */
export class ChunkErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, attempts: 0, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    // Navigating elsewhere clears the error.
    return props.resetKey !== state.resetKey ? { error: null, attempts: 0, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (import.meta.env.DEV) console.error('[page]', error, info.componentStack);
  }

  private retry = () => {
    this.props.onRetry();
    this.setState((s) => ({ error: null, attempts: s.attempts + 1 }));
  };

  override render() {
    if (this.state.error) {
      return <ChunkErrorView error={this.state.error} attempts={this.state.attempts} onRetry={this.retry} />;
    }
    return this.props.children;
  }
}
