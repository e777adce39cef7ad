import { Component } from 'react';
import type { ReactNode } from 'react';

/** SPPF §8 'Maps unavailable': logged only — the branch list keeps working without the map. */
export class MapBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('Mapa de sedes no disponible', error);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
