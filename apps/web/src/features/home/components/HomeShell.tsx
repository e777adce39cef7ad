import { LCP_IMAGE_MARKER } from '@togo/domain/entry-pages';
import { FALLBACK_AVATAR, HeroVehiclePlaceholder, HomeBar, HomeTiles } from './HomeFrame.tsx';

/**
 * The home as it looks before its data arrives, prerendered into /app/home's page (scripts/prerender.ts,
 * docs/decisions/044): app bar, greeting, the hero's placeholders, the tiles and the first banner, which the
 * server fills in. It is shown only when the home opens for the device (app/early-reads.ts marks the document),
 * so a signed-out visitor or a company never sees it; React draws the real home over it (app/main.tsx). It is a
 * picture, not the screen: hidden from assistive technology and not interactive.
 */
export function HomeShell() {
  return (
    <main className="page page--app home-page home-shell" data-shell="" aria-hidden="true" inert>
      <HomeBar avatar={FALLBACK_AVATAR} />
      <section className="home-hero">
        <h1 className="home__greeting">Hola,</h1>
        <HeroVehiclePlaceholder />
      </section>
      <HomeTiles empty={false} />
      <div
        className="home-banner home-banner--loading home-shell__banner"
        // The server puts the catalogue's first banner here on each request (the build cannot know it).
        dangerouslySetInnerHTML={{ __html: LCP_IMAGE_MARKER }}
      />
    </main>
  );
}
