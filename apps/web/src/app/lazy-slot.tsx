import { Component, Suspense, type ReactNode } from 'react';

/** Renders nothing when a decorative part fails (a missing chunk must not take the page down). */
class QuietBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** A lazily loaded part of the layout (banner, notices, side bars): nothing while it loads or if it fails. */
export function LazySlot({ children }: { children: ReactNode }) {
  return (
    <QuietBoundary>
      <Suspense fallback={null}>{children}</Suspense>
    </QuietBoundary>
  );
}
