import { Component, type ErrorInfo, type ReactNode } from 'react';
import { AuthCard } from './auth-card.js';
import { Button } from './button.js';
import { texts } from './lib/texts.js';

/**
 * §8 global error screen: any render error (or a route's code failing to download) replaces the page with 'Uh oh'
 * and a Refresh button that reloads it.
 */
interface Props {
  children: ReactNode;
  /** The screen's texts in the app's language (§8's English by default). */
  texts?: { title: string; text: string; refresh: string };
}

export class PageErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('The page failed to render', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <AuthCard title={this.props.texts?.title ?? texts.pageErrorTitle}>
        <p>{this.props.texts?.text ?? texts.pageErrorText}</p>
        <Button block onClick={() => window.location.reload()}>
          {this.props.texts?.refresh ?? texts.pageErrorRefresh}
        </Button>
      </AuthCard>
    );
  }
}
