import { Component, type ReactNode } from 'react';

/**
 * Renders nothing when a lazily loaded accounts part fails (a chunk that cannot load must not take
 * the page down); `onError` lets its owner settle what was waiting for it.
 */
export class QuietBoundary extends Component<{ children: ReactNode; onError?: (error: unknown) => void }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    this.props.onError?.(error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
