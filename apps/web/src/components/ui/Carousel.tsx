import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { PauseIcon, PlayIcon } from './app-icons.tsx';
import './carousel.css';

export const CAROUSEL_INTERVAL_MS = 7000;

export interface CarouselProps {
  /** Accessible name of the carousel. */
  label: string;
  slides: readonly { key: string; content: ReactNode }[];
  interval?: number;
  /** false: no rotation and no pause button (step-by-step carousels). */
  autoPlay?: boolean;
  /** Previous / next buttons that wrap around. */
  arrows?: boolean;
  /** Slide transition in seconds (CSS default otherwise). */
  transitionSeconds?: number;
}

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Slides that advance every `interval` ms and loop (AHGA §4 "Home"), with dots, swipe, and a pause button.
 * Rotation pauses while the pointer or the focus is inside, and does not start under prefers-reduced-motion.
 * Hidden slides are inert, so only the visible one is reachable by keyboard and screen readers.
 */
export function Carousel({
  label,
  slides,
  interval = CAROUSEL_INTERVAL_MS,
  autoPlay = true,
  arrows = false,
  transitionSeconds,
}: CarouselProps) {
  const count = slides.length;
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [paused, setStopped] = useState(prefersReducedMotion);
  const stopped = paused || !autoPlay;
  const swipe = useRef<{ x: number; moved: boolean } | null>(null);
  const current = count ? index % count : 0;
  const running = !stopped && !hovered && count > 1;

  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(() => setIndex((current + 1) % count), interval);
    return () => clearTimeout(timer);
  }, [running, current, count, interval]);

  if (!count) return null;
  const go = (to: number) => setIndex((to + count) % count);

  return (
    <section
      className="carousel"
      aria-roledescription="carrusel"
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHovered(false);
      }}
    >
      <div
        className="carousel__viewport"
        onPointerDown={(event) => {
          swipe.current = { x: event.clientX, moved: false };
        }}
        onPointerUp={(event) => {
          const start = swipe.current;
          if (!start) return;
          const dx = event.clientX - start.x;
          if (Math.abs(dx) > 40) {
            start.moved = true;
            go(current + (dx < 0 ? 1 : -1));
          }
        }}
        onClickCapture={(event) => {
          // A swipe that ends on a link must not open it.
          if (swipe.current?.moved) event.preventDefault();
          swipe.current = null;
        }}
      >
        <div
          className="carousel__track"
          style={{
            transform: `translateX(${-100 * current}%)`,
            ...(transitionSeconds === undefined ? {} : { transitionDuration: `${transitionSeconds}s` }),
          }}
          aria-live={running ? 'off' : 'polite'}
        >
          {slides.map((slide, i) => (
            <div
              key={slide.key}
              className="carousel__slide"
              role="group"
              aria-roledescription="diapositiva"
              aria-label={`${i + 1} de ${count}`}
              inert={i !== current}
            >
              {slide.content}
            </div>
          ))}
        </div>
      </div>
      {count > 1 ? (
        <div className="carousel__controls">
          {arrows ? (
            <button
              type="button"
              className="carousel__arrow"
              aria-label="Anterior"
              onClick={() => go(current - 1)}
            >
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                <path
                  d="M15 5 8 12l7 7"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2.4"
                  strokeLinecap="round"
                />
              </svg>
            </button>
          ) : null}
          {autoPlay ? (
            <button
              type="button"
              className="carousel__toggle"
              aria-label={stopped ? 'Reanudar carrusel' : 'Pausar carrusel'}
              onClick={() => setStopped(!paused)}
            >
              {stopped ? <PlayIcon /> : <PauseIcon />}
            </button>
          ) : null}
          {slides.map((slide, i) => (
            <button
              key={slide.key}
              type="button"
              className="carousel__dot"
              aria-label={`Ir a la diapositiva ${i + 1}`}
              aria-current={i === current ? 'true' : undefined}
              onClick={() => go(i)}
            />
          ))}
          {arrows ? (
            <button
              type="button"
              className="carousel__arrow"
              aria-label="Siguiente"
              onClick={() => go(current + 1)}
            >
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                <path
                  d="m9 5 7 7-7 7"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2.4"
                  strokeLinecap="round"
                />
              </svg>
            </button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
