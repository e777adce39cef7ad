import { ShellLines } from '../../../components/ui/ShellLines.tsx';
import { BackArrow } from '../../../components/ui/BackButton.tsx';

/**
 * A booking wizard before its screen has loaded, prerendered into /app/servicios/rtm's page (scripts/entry-pages.ts,
 * docs/decisions/048): the blue bar and a card's placeholder, the same for every step (the wizard resumes the step
 * it was on, which the page cannot know). Shown only to a device with a session (app/page-shells.ts); React draws
 * the screen over it (app/main.tsx). A picture, not the screen: hidden from assistive technology, not interactive.
 */
export function ServiceShell() {
  return (
    <main className="page page--app services" data-shell="" aria-hidden="true" inert>
      <header className="app-bar services-bar">
        <span className="back-button">
          <BackArrow />
        </span>
        <div className="services-bar__titles">
          <ShellLines lines={['title', 'short']} />
        </div>
      </header>
      <div className="services__content">
        <div className="info-card">
          <ShellLines lines={['title', 'text', 'short']} />
        </div>
      </div>
    </main>
  );
}
