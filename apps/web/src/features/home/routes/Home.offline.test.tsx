import { bogotaToday } from '@togo/domain/bogota-time';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fetch-mock.ts';
import { PICO_PLACA_NO_SAVED_DATA } from '../../../lib/pico-placa-query.ts';
import {
  GARAGES,
  NOTES,
  page,
  picoPlacaAnswer,
  PYP,
  SELECTED,
  setup,
  vehicle,
} from '../home.test-support.ts';

/** The home without a connection (decision 040): plate selector and pico y placa line from what is saved. */

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const cached = (body: unknown) => json(200, body, { 'x-togo-offline': '1' });
const noConnection = () => Promise.reject(new TypeError('Failed to fetch'));
const pyp = (fecha: string | undefined) => picoPlacaAnswer(fecha ? { fecha } : {});

describe('Home offline', () => {
  const only = vehicle(1, 'ABC123', { is_selected: true });

  it("shows the saved plate selector and today's saved pico y placa line", async () => {
    setup({
      [GARAGES]: () => cached([only]),
      [SELECTED]: () => cached(only),
      [PYP]: () => cached(pyp(bogotaToday(new Date()))),
      [NOTES]: () => cached(page([])),
    });
    expect(await screen.findByRole('button', { name: /Vehículo seleccionado: ABC123/ })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Hoy puedes circular/ })).toHaveAttribute(
      'href',
      '/app/alerts/pico-placa',
    );
  });

  it("a saved pico y placa answer of another day is not shown as today's", async () => {
    setup({
      [GARAGES]: () => cached([only]),
      [SELECTED]: () => cached(only),
      [PYP]: () => cached(pyp('2020-01-02')),
      [NOTES]: () => cached(page([])),
    });
    expect(await screen.findByRole('link', { name: PICO_PLACA_NO_SAVED_DATA })).toBeInTheDocument();
    expect(screen.queryByText('Hoy puedes circular')).not.toBeInTheDocument();
  });

  it('with nothing saved: the vehicle stored on the phone stays, the garage is not taken for empty', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    localStorage.setItem('vehicleSelected', JSON.stringify(only));
    setup({ [GARAGES]: noConnection, [SELECTED]: noConnection, [PYP]: noConnection });
    expect(await screen.findByRole('button', { name: /Vehículo seleccionado: ABC123/ })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: PICO_PLACA_NO_SAVED_DATA })).toBeInTheDocument();
    expect(screen.queryByText('Aún no tienes vehículos en tu garaje.')).not.toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('empty')).toBeNull());
    expect(JSON.parse(localStorage.getItem('vehicleSelected') ?? '{}')).toMatchObject({ id: 1 });
  });

  it('with nothing saved and no vehicle on the phone: the stored empty flag stays as it was', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setup({ [GARAGES]: noConnection, [SELECTED]: noConnection });
    await waitFor(() => expect(console.error).toHaveBeenCalledWith('Inicio: garaje', expect.anything()));
    expect(localStorage.getItem('empty')).toBeNull();
    expect(screen.queryByText('Aún no tienes vehículos en tu garaje.')).not.toBeInTheDocument();
  });
});
