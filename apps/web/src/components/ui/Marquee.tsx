import type { ReactNode } from 'react';
import './marquee.css';

export const MARQUEE_CYCLE_S = 50;

export interface MarqueeProps {
  label: string;
  items: readonly { key: string; content: ReactNode }[];
  /** Seconds for one full cycle. */
  duration?: number;
}

/**
 * Endless strip (AHGA §9 "promotions strip duplicated for endless scroll"): the items are rendered twice and
 * the track slides by half its width in `duration` seconds, so the end joins the start. The copy is inert
 * and hidden from assistive technology. Pauses on hover and focus; with reduced motion it is a plain
 * horizontally scrollable list.
 */
export function Marquee({ label, items, duration = MARQUEE_CYCLE_S }: MarqueeProps) {
  if (!items.length) return null;
  const list = (copy: boolean) => (
    <ul className="marquee__list" aria-hidden={copy || undefined} inert={copy}>
      {items.map((item) => (
        <li key={item.key} className="marquee__item">
          {item.content}
        </li>
      ))}
    </ul>
  );
  return (
    <section className="marquee" aria-label={label}>
      <div className="marquee__track" style={{ animationDuration: `${duration}s` }}>
        {list(false)}
        {list(true)}
      </div>
    </section>
  );
}
