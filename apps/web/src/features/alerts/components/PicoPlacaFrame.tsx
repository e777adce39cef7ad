import { useEffect, useState } from 'react';
import type { PicoPlacaResponse } from '@togo/domain/pico-placa/pico-placa.contract';
import { usePwaStatus } from '../../../lib/pwa-status.ts';
import { PICO_PLACA_IFRAME_HEIGHT, picoPlacaWindowsSentence } from '../pico-placa.ts';

/** How long the city's page may take before TOGO's own answer replaces it. */
export const PICO_PLACA_FRAME_TIMEOUT_MS = 12_000;

interface Props {
  /** An answer with the city's own page (`url` not null). */
  data: PicoPlacaResponse & { url: string };
  city: string;
  timeoutMs?: number;
}

function useOnline(): boolean {
  const [online, setOnline] = useState(() => typeof navigator === 'undefined' || navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}

/**
 * The city's embedded pico y placa page. It stays hidden until it has loaded; when it does not load in
 * `timeoutMs`, or there is no connection (the browser would draw its own error page in the frame), TOGO's own
 * answer from the rules engine takes its place with 'Reintentar' (decision 034).
 */
export function PicoPlacaFrame({ data, city, timeoutMs = PICO_PLACA_FRAME_TIMEOUT_MS }: Props) {
  const online = useOnline();
  const { offlineData } = usePwaStatus();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  const reachable = online && !offlineData;

  useEffect(() => {
    if (!reachable || state !== 'loading') return;
    const timer = window.setTimeout(() => setState('failed'), timeoutMs);
    return () => window.clearTimeout(timer);
  }, [reachable, state, timeoutMs, attempt]);

  if (!reachable || state === 'failed') {
    const windows = picoPlacaWindowsSentence(data.ventanas);
    return (
      <section className="alert-card pico-placa-fallback" aria-labelledby="pico-placa-fallback-title">
        <h2 id="pico-placa-fallback-title" className="pico-placa-fallback__title">
          No pudimos cargar la página de pico y placa de {city}
        </h2>
        <p>
          {reachable
            ? 'La página tardó demasiado en responder.'
            : 'Sin conexión: la página de la ciudad no está disponible.'}{' '}
          Esta es la respuesta de TOGO según las reglas vigentes:
        </p>
        <p className="pico-placa__message">{data.mensaje}</p>
        {windows ? <p>{windows}</p> : null}
        <button
          type="button"
          className="btn btn--secondary btn--block"
          onClick={() => {
            setState('loading');
            setAttempt((n) => n + 1);
          }}
        >
          Reintentar
        </button>
      </section>
    );
  }

  return (
    <>
      {/* The frame keeps the page's height while it loads (hidden, the status over it): nothing below moves. */}
      <div
        className={state === 'loaded' ? 'pico-placa__frame' : 'pico-placa__frame pico-placa__frame--loading'}
      >
        {state === 'loading' ? (
          <p className="pico-placa__loading" role="status">
            Cargando la página de la ciudad...
          </p>
        ) : null}
        <iframe
          key={attempt}
          src={data.url}
          title={`Pico y placa en ${city}`}
          height={data.iframe_height || PICO_PLACA_IFRAME_HEIGHT}
          width="100%"
          referrerPolicy="no-referrer"
          sandbox="allow-scripts allow-same-origin"
          onLoad={() => setState('loaded')}
          onError={() => setState('failed')}
        />
      </div>
      <p className="pico-placa__source">
        ¿No ves la página?{' '}
        <a href={data.url} target="_blank" rel="noopener noreferrer">
          Ábrela en una pestaña nueva
        </a>
      </p>
    </>
  );
}
