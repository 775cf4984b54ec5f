import { Component, type ReactNode } from 'react';
import { linkClass, PageHeading } from '@vitrine/ui';

/** A page that failed to render shows a message instead of a blank screen. */
export class PageErrorBoundary extends Component<
  { children: ReactNode; resetKey: string },
  { error: unknown; key: string }
> {
  override state = { error: undefined as unknown, key: this.props.resetKey };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  static getDerivedStateFromProps(props: { resetKey: string }, state: { error: unknown; key: string }) {
    return props.resetKey === state.key ? null : { error: undefined, key: props.resetKey };
  }
  override render() {
    if (this.state.error === undefined) return this.props.children;
    return (
      <div>
        <PageHeading>Something went wrong</PageHeading>
        <p className="mb-4">The store could not load this page. Please try again in a moment.</p>
        <a href={this.props.resetKey} className={linkClass}>
          Try again
        </a>
      </div>
    );
  }
}
