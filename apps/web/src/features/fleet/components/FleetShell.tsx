import { Logo } from '../../../components/ui/Logo.tsx';
import { ShellLines } from '../../../components/ui/ShellLines.tsx';

/**
 * The fleet list before its screen has loaded, prerendered into /flota's page (scripts/entry-pages.ts,
 * docs/decisions/048): the company bar, the title and a placeholder where the vehicles go. Shown
 * only to a company's or a member's session (app/page-shells.ts); React draws the screen over it (app/main.tsx). A
 * picture, not the screen: hidden from assistive technology, not interactive.
 */
/** `title`: the screen's (Hoy, Alertas…); the fleet list's by default. */
export function FleetShell({ title = 'Tu flota' }: { title?: string }) {
  return (
    <div className="fleet" data-shell="" aria-hidden="true" inert>
      <aside className="fleet-sidebar">
        <div className="fleet-sidebar__brand">
          <Logo />
          <span className="fleet-sidebar__tag">Empresas</span>
        </div>
        <span className="fleet-menu-button">Menú</span>
      </aside>
      <main className="fleet__main">
        <section className="fleet-screen">
          <header className="fleet-screen__head">
            <div>
              <h1 className="fleet-screen__title">{title}</h1>
              <ShellLines lines={['short']} />
            </div>
          </header>
          <div className="fleet-empty fleet-card fleet-shell__card">
            <ShellLines lines={['text', 'text', 'short']} />
          </div>
        </section>
      </main>
    </div>
  );
}
