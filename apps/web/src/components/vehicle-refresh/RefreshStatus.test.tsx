import { screen } from '@testing-library/react';
import type { RefreshKindStatus } from '@togo/domain/garage/vehicle-refresh.contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../test/fetch-mock.ts';
import { renderRoutes } from '../../test/render.tsx';
import { RefreshStatus, type RefreshStatusProps } from './RefreshStatus.tsx';
import { dataAge } from './vehicle-refresh.ts';

const STATUS = 'GET /api/togo/vehicle/7/actualizacion/';
const REFRESH = 'POST /api/togo/vehicle/7/actualizar/';
const DAY = 86_400_000;

const kind = (over: Partial<RefreshKindStatus> = {}): RefreshKindStatus => ({
  ultima_actualizacion: null,
  estado: 'pendiente',
  proxima: null,
  desactualizado: false,
  motivo: null,
  en_cola: false,
  ...over,
});
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

/** The status as the API answers it (garage-refresh-manual.service.ts). */
const status = (registro: RefreshKindStatus, multas: RefreshKindStatus = kind(), actualizar_en = 0) => ({
  registro,
  multas,
  actualizar_en,
});

function renderStatus(props: Partial<RefreshStatusProps> = {}) {
  localStorage.setItem('token', 'tok');
  return renderRoutes(
    [
      {
        path: '/x',
        Component: () => <RefreshStatus scope="garage" vehicleId={7} kind="registro" {...props} />,
      },
    ],
    { initialEntries: ['/x'] },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('dataAge', () => {
  it('says how old the data is, in Spanish', () => {
    const now = Date.parse('2026-11-25T15:00:00Z');
    expect(dataAge('2026-11-22T15:00:00Z', now)).toBe('Actualizado hace 3 días');
    expect(dataAge('2026-11-24T14:00:00Z', now)).toBe('Actualizado hace 1 día');
    expect(dataAge('2026-11-25T12:30:00Z', now)).toBe('Actualizado hace 2 horas');
    expect(dataAge('2026-11-25T14:55:00Z', now)).toBe('Actualizado hace 5 minutos');
    expect(dataAge('2026-11-25T14:59:40Z', now)).toBe('Actualizado hace un momento');
    expect(dataAge('2026-09-20T15:00:00Z', now)).toBe('Actualizado hace 2 meses');
  });
});

describe('RefreshStatus', () => {
  it("shows how old the data is and, after 'Actualizar ahora', the refreshed age", async () => {
    mockFetch({
      [STATUS]: () => json(200, status(kind())),
      [REFRESH]: () =>
        json(200, status(kind({ ultima_actualizacion: ago(0), estado: 'al_dia' }), kind(), 3600)),
    });
    const view = renderStatus();
    expect(await screen.findByText('Aún sin consultar')).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Actualizar ahora' }));
    expect(await screen.findByText('Actualizado hace un momento')).toBeInTheDocument();
    expect(await screen.findByRole('status')).toHaveTextContent('Ya actualizaste este vehículo');
  });

  it("marks data older than twice its period 'Desactualizado' with the reason of the last failure", async () => {
    const motivo = 'El SIMIT tardó demasiado en responder.';
    mockFetch({
      [STATUS]: () =>
        json(
          200,
          status(
            kind({ ultima_actualizacion: ago(3 * DAY), estado: 'al_dia' }),
            kind({ ultima_actualizacion: ago(4 * DAY), estado: 'error', desactualizado: true, motivo }),
          ),
        ),
    });
    renderStatus({ kind: 'ambos' });
    expect(await screen.findByText('Actualizado hace 3 días')).toBeInTheDocument();
    expect(screen.getByText('SOAT y RTM (RUNT):')).toBeInTheDocument();
    expect(screen.getByText('Multas (SIMIT):')).toBeInTheDocument();
    const stale = screen.getByText('Desactualizado.').closest('p');
    expect(stale).toHaveTextContent(`Desactualizado. ${motivo} Lo intentaremos de nuevo automáticamente.`);
    expect(screen.getByRole('button', { name: 'Actualizar ahora' })).toBeEnabled();
  });

  it('a failed consultation that is not stale yet says so; the compact form offers the button only then', async () => {
    mockFetch({
      [STATUS]: () =>
        json(
          200,
          status(
            kind({ ultima_actualizacion: ago(DAY), estado: 'error', motivo: 'La consulta fue rechazada.' }),
          ),
        ),
    });
    renderStatus({ compact: true });
    expect(
      await screen.findByText(/La última consulta falló\. La consulta fue rechazada\./),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Actualizar ahora' })).toBeInTheDocument();
  });

  it('the compact form has no button while the data is fresh', async () => {
    mockFetch({
      [STATUS]: () => json(200, status(kind({ ultima_actualizacion: ago(60_000), estado: 'al_dia' }))),
    });
    renderStatus({ compact: true });
    expect(await screen.findByText('Actualizado hace 1 minuto')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('a refresh the provider quota could not take this minute says it is queued', async () => {
    mockFetch({
      [STATUS]: () => json(200, status(kind({ ultima_actualizacion: ago(2 * DAY), estado: 'al_dia' }))),
      [REFRESH]: () =>
        json(
          200,
          status(kind({ ultima_actualizacion: ago(2 * DAY), estado: 'al_dia', en_cola: true }), kind(), 0),
        ),
    });
    const view = renderStatus();
    await view.user.click(await screen.findByRole('button', { name: 'Actualizar ahora' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Tu consulta está en cola y se hará en el próximo minuto.',
    );
  });

  it('a malformed status reads as unavailable; a malformed refresh, as a failed refresh', async () => {
    mockFetch({
      [STATUS]: () => json(200, { registro: { estado: 'al_dia' }, actualizar_en: -1 }),
      [REFRESH]: () => json(200, { actualizar_en: 3600 }),
    });
    const view = renderStatus();
    expect(await screen.findByText('Fecha de actualización no disponible')).toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Actualizar ahora' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No pudimos actualizar. Inténtalo de nuevo más tarde.',
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
