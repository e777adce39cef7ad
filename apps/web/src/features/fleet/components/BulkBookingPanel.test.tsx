import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FleetAlert } from '@togo/domain/fleet/fleet-alerts.contract';
import type { FleetPicoPlaca } from '@togo/domain/fleet/fleet-pico-placa.contract';
import { json, mockFetch, type MockHandler } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { MEDELLIN_BRANCH, signInCompany } from '../fleet.test-support.ts';
import { BulkBookingPanel } from './BulkBookingPanel.tsx';

const PICO = 'GET /api/togo/flota/pico-placa/';

const vehicle = (placa: string): FleetAlert => ({
  vehiculo_id: placa.charCodeAt(0),
  placa,
  ciudad: 'Medellín',
  ciudad_codigo: '05001',
  documento: 'rtm',
  vence: '2026-01-10',
  dias: -10,
});

/** AAA111 restricted 07:00–08:30 and 17:30–19:00 (Medellín's windows); BBB222 free. */
const ANSWER: FleetPicoPlaca = {
  fecha: '2026-01-21',
  ciudad: '05001',
  vehiculos: [
    {
      placa: 'AAA111',
      pico_placa: { status: 'restricted', certeza: 'vigente' },
      ventanas: [
        { inicio: '07:00', fin: '08:30' },
        { inicio: '17:30', fin: '19:00' },
      ],
    },
    { placa: 'BBB222', pico_placa: { status: 'not_restricted', certeza: 'vigente' }, ventanas: [] },
  ],
};

function open(pico: MockHandler) {
  signInCompany();
  const api = mockFetch({
    'POST /wh/transversal/sedes_by_ciudad/': () => json(200, [MEDELLIN_BRANCH]),
    'POST /wh/transversal/ejecutar-accion/': () =>
      json(200, [
        {
          fecha: '2026-01-21',
          slots: [
            { id: '8:00 AM', hora: '8:00', bloque: 'AM', disponibles: 1 },
            { id: '9:00 AM', hora: '9:00', bloque: 'AM', disponibles: 3 },
          ],
        },
      ]),
    [PICO]: pico,
  });
  renderRoutes(
    [
      {
        path: '/flota/proximos-servicios',
        Component: () => (
          <BulkBookingPanel vehicles={[vehicle('AAA111'), vehicle('BBB222')]} onClose={() => {}} />
        ),
      },
    ],
    { initialEntries: ['/flota/proximos-servicios'] },
  );
  return api;
}

async function pickBranch(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('option', { name: /CDA Medellín/ });
  await user.selectOptions(screen.getByLabelText('Sede'), 'RTM-MED-01');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('BulkBookingPanel: pico y placa before booking (issue 37)', () => {
  it('warns of a vehicle booked at an hour its plate may not drive, and clears once its hour changes', async () => {
    const api = open(() => json(200, ANSWER));
    const user = userEvent.setup();
    await pickBranch(user);
    // Consecutive hours: AAA111 at 8:00 (one seat), BBB222 at 9:00.
    expect(await screen.findByLabelText('Hora para AAA111')).toHaveValue('8:00 AM');
    const warning = await screen.findByText(/AAA111 tiene pico y placa en Medellín/);
    expect(warning).toHaveTextContent(
      'AAA111 tiene pico y placa en Medellín de 07:00 a 08:30: a las 8:00 a. m. no podrá ir a la sede.',
    );
    expect(screen.queryByText(/BBB222 tiene pico y placa/)).not.toBeInTheDocument();
    const [call] = api.fetchMock.mock.calls.filter(([url]) =>
      String(url).includes('/api/togo/flota/pico-placa/'),
    );
    const query = new URL(String(call?.[0]), 'http://localhost').searchParams;
    expect([query.get('ciudad'), query.get('fecha'), query.get('placas')]).toEqual([
      '05001',
      expect.any(String),
      'AAA111,BBB222',
    ]);
    // A warning, not a refusal: the booking can still be confirmed.
    expect(screen.getByRole('button', { name: 'Confirmar agendamiento' })).toBeEnabled();

    await user.selectOptions(screen.getByLabelText('Hora para AAA111'), '9:00 AM');
    expect(
      await screen.findByText('Ningún vehículo tiene pico y placa en Medellín a la hora elegida.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/AAA111 tiene pico y placa/)).not.toBeInTheDocument();
  }, 20_000);

  it('says which vehicles it does not know about, and never that they are free', async () => {
    open(() =>
      json(200, {
        ...ANSWER,
        vehiculos: ANSWER.vehiculos.map((v) => ({
          ...v,
          pico_placa: { status: 'unknown', certeza: 'sin_informacion' },
          ventanas: [],
        })),
      }),
    );
    const user = userEvent.setup();
    await pickBranch(user);
    const note = await screen.findByText(/^No sabemos si/);
    expect(note).toHaveTextContent(
      'No sabemos si AAA111 y BBB222 tienen pico y placa en Medellín ese día: TOGO no tiene una regla vigente para esa fecha.',
    );
    expect(screen.queryByText(/Ningún vehículo tiene pico y placa/)).not.toBeInTheDocument();
  }, 20_000);

  it('says so when the pico y placa could not be read, without blocking the booking', async () => {
    open(() => json(500, { detail: 'Error interno.' }));
    const user = userEvent.setup();
    await pickBranch(user);
    const status = await screen.findByText(/No se pudo consultar el pico y placa de ese día/);
    expect(within(status).queryByText(/Ningún vehículo/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Ningún vehículo tiene pico y placa/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirmar agendamiento' })).toBeEnabled();
  }, 20_000);
});
