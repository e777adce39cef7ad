import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { COMING_SOON_MESSAGE } from './coming-soon.ts';
import { PageHeader } from './PageHeader.tsx';
import './coming-soon-page.css';

export interface ComingSoonPageProps {
  title: string;
  /** Where the back button goes (default: back in history). */
  back?: string;
}

/** Placeholder screen of a section that is not built yet, so no link in the app is dead. */
export function ComingSoonPage({ title, back }: ComingSoonPageProps) {
  usePageTitle(title);
  return (
    <main className="page page--auth">
      <PageHeader title={title} back={back} />
      <div className="coming-soon">
        <svg viewBox="0 0 120 120" width="140" height="140" aria-hidden="true">
          <circle cx="60" cy="60" r="56" fill="var(--color-primary-soft)" />
          <path d="M34 84h52L60 34Z" fill="var(--color-accent)" stroke="var(--color-text)" strokeWidth="4" />
          <path d="M60 52v16" stroke="var(--color-text)" strokeWidth="5" strokeLinecap="round" />
          <circle cx="60" cy="76" r="3" fill="var(--color-text)" />
        </svg>
        <p className="coming-soon__title">Próximamente</p>
        <p className="lead">{COMING_SOON_MESSAGE}</p>
        <Link to="/app/home" className="btn btn--primary btn--block">
          Ir al inicio
        </Link>
      </div>
    </main>
  );
}

/** A route Component for ComingSoonPage with a fixed title and back target. */
export function comingSoon(title: string, back?: string): ComponentType {
  const Route = () => <ComingSoonPage title={title} back={back} />;
  Route.displayName = `ComingSoon(${title})`;
  return Route;
}
