import type { ReactNode } from 'react';
import { BackArrow } from '../../../components/ui/BackButton.tsx';
import { TruckLoader } from '../../../components/ui/TruckLoader.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import '../services.css';

export interface ServiceScreenProps {
  title: string;
  /** Step name read by screen readers under the title ('Paso 2 de 6: Ubicación'). */
  stepLabel?: string;
  onBack: () => void;
  /** Blocking 'Consultando...' overlay. */
  loading?: boolean;
  loadingText?: string;
  children?: ReactNode;
}

/** Frame of every booking step: blue bar with back button (§4 back rules) and title, content, overlay. */
export function ServiceScreen({
  title,
  stepLabel,
  onBack,
  loading = false,
  loadingText,
  children,
}: ServiceScreenProps) {
  usePageTitle(title);
  return (
    <main className="page page--app services" aria-busy={loading || undefined}>
      <header className="app-bar services-bar">
        <button type="button" className="back-button" aria-label="Volver" onClick={onBack}>
          <BackArrow />
        </button>
        <div className="services-bar__titles">
          <h1 className="services-bar__title">{title}</h1>
          {stepLabel ? <p className="services-bar__step">{stepLabel}</p> : null}
        </div>
      </header>
      <div className="services__content">{children}</div>
      {loading ? <TruckLoader overlay text={loadingText} /> : null}
    </main>
  );
}
