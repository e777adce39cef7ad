import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** The error message is left when this changes (a navigation). */
  resetKey: string;
  children: ReactNode;
}

/** Catches a console screen that throws, or a lazy chunk that fails to load (offline, a new deployment). */
export class ShellBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override componentDidUpdate(previous: Props) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <section className="op-screen op-state" role="alert">
        <h1 className="op-screen__title">Algo salió mal</h1>
        <p>No pudimos cargar esta pantalla. Revisa tu conexión e inténtalo de nuevo.</p>
        <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
          Reintentar
        </button>
      </section>
    );
  }
}
