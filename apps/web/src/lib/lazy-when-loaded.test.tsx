import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyWhenLoaded } from './lazy-when-loaded.ts';

function Section() {
  return <p>Sección</p>;
}

describe('lazyWhenLoaded', () => {
  it('shows its fallback while its chunk loads', () => {
    const Lazy = lazyWhenLoaded(
      () => new Promise<{ Section: typeof Section }>(() => undefined),
      (m) => m.Section,
    );
    render(
      <Suspense fallback={<p>Cargando</p>}>
        <Lazy />
      </Suspense>,
    );
    expect(screen.getByText('Cargando')).toBeInTheDocument();
  });

  it('once ready, renders in the first pass, without its fallback', async () => {
    let finish: (module: { Section: typeof Section }) => void = () => undefined;
    const Lazy = lazyWhenLoaded(
      () => new Promise<{ Section: typeof Section }>((resolve) => (finish = resolve)),
      (m) => m.Section,
    );
    finish({ Section });
    await Lazy.ready;
    render(
      <Suspense fallback={<p>Cargando</p>}>
        <Lazy />
      </Suspense>,
    );
    // Synchronous queries: the section is there at once, and the fallback never was.
    expect(screen.getByText('Sección')).toBeInTheDocument();
    expect(screen.queryByText('Cargando')).toBeNull();
  });

  it('is ready (not rejected) when the chunk fails: the failure shows where the section renders', async () => {
    const Lazy = lazyWhenLoaded(
      () => Promise.reject(new Error('chunk')),
      () => Section,
    );
    await expect(Lazy.ready).resolves.toBeUndefined();
  });
});
