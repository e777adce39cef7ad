import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Carousel } from '../../../components/ui/Carousel.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { InstallScene } from '../components/install-scenes.tsx';
import {
  BROWSERS,
  OS_OPTIONS,
  OS_TITLES,
  SLIDE_TRANSITION_SECONDS,
  SLIDES,
  type BrowserOption,
  type Os,
} from '../tutorial-steps.ts';
import '../tutorial.css';

export const TUTORIAL_BACK = '/app/home';

/**
 * app/otros/tutorial (SPPF §2 "Tutorial screen", §4): unselected → OS chosen → browser chosen (carousel).
 * The back button undoes one choice at a time, and leaves the screen from the first step.
 */
export function TutorialRoute() {
  const navigate = useNavigate();
  const [os, setOs] = useState<Os | null>(null);
  const [browser, setBrowser] = useState<BrowserOption | null>(null);
  const title = browser ? browser.title : os ? OS_TITLES[os] : 'Instalación TOGO';
  usePageTitle(title);

  const back = () => {
    if (browser) setBrowser(null);
    else if (os) setOs(null);
    else void navigate(TUTORIAL_BACK);
  };

  return (
    <main className="page page--auth tutorial">
      <header className="page-header">
        <button type="button" className="back-button" aria-label="Volver" onClick={back}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path
              d="M15 5 8 12l7 7"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.4"
              strokeLinecap="round"
            />
          </svg>
        </button>
        <h1 className="page-header__title">{title}</h1>
      </header>

      {!os ? (
        <>
          <p className="lead">¿Qué sistema tiene tu teléfono?</p>
          <ul className="choice-list">
            {OS_OPTIONS.map((option) => (
              <li key={option.id}>
                <button type="button" className="choice" onClick={() => setOs(option.id)}>
                  <span className="choice__body">
                    <span className="choice__title">{option.label}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : !browser ? (
        <>
          <p className="lead">¿Con qué navegador abres TOGO?</p>
          <ul className="choice-list">
            {BROWSERS[os].map((option) => (
              <li key={option.id}>
                <button type="button" className="choice" onClick={() => setBrowser(option)}>
                  <span className="choice__body">
                    <span className="choice__title">{option.label}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <Carousel
          key={browser.id}
          label={`Pasos para instalar TOGO en ${browser.label}`}
          autoPlay={false}
          arrows
          transitionSeconds={SLIDE_TRANSITION_SECONDS}
          slides={SLIDES[browser.id].map((slide, i) => ({
            key: `${browser.id}-${i}`,
            content: (
              <figure className="tutorial-slide">
                <InstallScene browser={browser.id} scene={slide.scene} label={slide.text} />
                <figcaption>
                  <span className="tutorial-slide__step">Paso {i + 1}</span> {slide.text}
                </figcaption>
              </figure>
            ),
          }))}
        />
      )}
    </main>
  );
}
