import { BackArrow } from './BackButton.tsx';
import { ShellLines } from './ShellLines.tsx';

/**
 * A signed-in screen before its code has loaded, prerendered into its own page (scripts/entry-pages.ts,
 * docs/decisions/131): its header with the screen's title (a placeholder line when the page cannot know it), and a card's placeholder where its content goes. Two
 * headers, as the screens draw them: the alerts' blue bar (`bar`) and the white page header of the profile, the
 * bookings, the garage and the purchases (`page`). Shown only to a device with a session (app/page-shells.ts); React
 * draws the screen over it (app/main.tsx). A picture, not the screen: hidden from assistive technology, not
 * interactive.
 */
export function ScreenShell({ title, header }: { title: string; header: 'bar' | 'page' }) {
  const bar = header === 'bar';
  return (
    <main className="page page--app" data-shell="" aria-hidden="true" inert>
      <header className={bar ? 'app-bar alerts-bar' : 'page-header'}>
        <span className="back-button">
          <BackArrow />
        </span>
        <span className={bar ? 'alerts-bar__title' : 'page-header__title'}>
          {title || <ShellLines lines={['title']} />}
        </span>
      </header>
      <div className="screen-shell__card">
        <ShellLines lines={['title', 'text', 'text', 'short']} />
      </div>
    </main>
  );
}
