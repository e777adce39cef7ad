import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PicoPlacaResponse } from '@togo/domain/pico-placa/pico-placa.contract';
import { picoPlacaWindowsSentence } from '../pico-placa.ts';
import { PicoPlacaFrame } from './PicoPlacaFrame.tsx';

const data: PicoPlacaResponse & { url: string } = {
  status: 'restricted',
  ciudad: { id: 11001, name: 'Bogotá' },
  slug: 'bogota',
  url: 'https://www.pyphoy.com/bogota',
  iframe_height: 600,
  mensaje: 'Hoy tienes pico y placa.',
  ventanas: [{ inicio: '06:00', fin: '21:00' }],
  regla: null,
  certeza: 'vigente',
  festivo: null,
  fuentes: ['https://bogota.gov.co/pico-y-placa'],
  verificado_el: '2026-10-01',
  digitos: [1, 2, 3, 4, 5],
  horario: [{ inicio: '06:00', fin: '21:00' }],
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('pico y placa embedded page', () => {
  it("shows TOGO's own answer and 'Reintentar' when the page does not load in time, then tries again", async () => {
    render(<PicoPlacaFrame data={data} city="Bogotá" timeoutMs={20} />);
    expect(screen.getByTitle('Pico y placa en Bogotá')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'No pudimos cargar la página de pico y placa de Bogotá' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Hoy tienes pico y placa.')).toBeInTheDocument();
    expect(screen.getByText('Horario de restricción hoy: de 6:00 a. m. a 9:00 p. m.')).toBeInTheDocument();
    expect(screen.queryByTitle('Pico y placa en Bogotá')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(screen.getByTitle('Pico y placa en Bogotá')).toBeInTheDocument();
  });

  it('keeps the page once it has loaded', () => {
    vi.useFakeTimers();
    try {
      render(<PicoPlacaFrame data={data} city="Bogotá" timeoutMs={20} />);
      fireEvent.load(screen.getByTitle('Pico y placa en Bogotá'));
      act(() => {
        vi.advanceTimersByTime(100);
      });
      expect(screen.queryByRole('status')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull();
      expect(screen.getByTitle('Pico y placa en Bogotá')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('never draws the frame without a connection', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<PicoPlacaFrame data={data} city="Bogotá" />);
    expect(screen.queryByTitle('Pico y placa en Bogotá')).toBeNull();
    expect(screen.getByText(/Sin conexión: la página de la ciudad no está disponible/)).toBeInTheDocument();
  });

  it('reads the restricted windows as one sentence', () => {
    expect(picoPlacaWindowsSentence([])).toBeNull();
    expect(
      picoPlacaWindowsSentence([
        { inicio: '05:30', fin: '09:00' },
        { inicio: '15:00', fin: '24:00' },
      ]),
    ).toBe('Horario de restricción hoy: de 5:30 a. m. a 9:00 a. m. y de 3:00 p. m. a 12:00 a. m.');
    expect(picoPlacaWindowsSentence([{ inicio: '07:00', fin: '19:00' }])).toBe(
      'Horario de restricción hoy: de 7:00 a. m. a 7:00 p. m.',
    );
  });
});
