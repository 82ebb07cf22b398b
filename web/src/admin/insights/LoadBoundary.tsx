import { Component, type ReactNode } from 'react';

/** Shows `fallback` when a lazily loaded chart or map fails (a chunk that did not arrive, a canvas that would not draw). */
export class LoadBoundary extends Component<{ fallback: ReactNode; children: ReactNode; onError?: () => void }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error('An analytics chart or map failed to load', error);
    this.props.onError?.();
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
