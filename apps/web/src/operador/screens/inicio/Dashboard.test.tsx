import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { DashboardSummary } from '@togo/domain/operator/operator-dashboard.contract';
import { json, server } from '../../../test/api-server.ts';
import { setOperatorToken } from '../../lib/operator-api.ts';
import { answerMe, answerSummary, renderConsole } from '../../test/render-console.tsx';

const SUMMARY: DashboardSummary = {
  reservas_hoy: [
    { sede_id: 'TRA-BOG-01', sede: 'Punto de Trámites Calle 80', reservas: 3 },
    { sede_id: 'RTM-BOG-02', sede: 'CDA TOGO Autopista Sur', reservas: 0 },
  ],
  ingresos_hoy: 85000,
  pico_placa: [
    { ciudad: '05001', nombre: 'Medellín', vigente_hasta: null, estado: 'vencida' },
    { ciudad: '11001', nombre: 'Bogotá', vigente_hasta: '2026-12-15', estado: 'por_vencer' },
  ],
  trabajos_fallidos: [{ nombre: 'garage-lookup', error: 'sin conexión', fecha: '2026-11-24T12:00:00.000Z' }],
};

describe('dashboard', () => {
  it('shows revenue, bookings per branch, pico y placa in red/amber and failed jobs', async () => {
    setOperatorToken('tok');
    server.use(answerMe(), answerSummary(SUMMARY));
    renderConsole('/');
    expect(await screen.findByText(/85\.000/)).toBeInTheDocument();
    expect(screen.getByText('Reservas de hoy: 3')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Reservas de hoy por sede' });
    expect(within(table).getByText('Punto de Trámites Calle 80')).toBeInTheDocument();
    expect(screen.getByText('Medellín').closest('li')).toHaveClass('op-flag--vencida');
    expect(screen.getByText('Bogotá').closest('li')).toHaveClass('op-flag--por_vencer');
    expect(screen.getByText(/Por vencer: hasta/)).toBeInTheDocument();
    expect(screen.getByText('garage-lookup')).toBeInTheDocument();
  });

  it('an error offers to retry', async () => {
    setOperatorToken('tok');
    server.use(
      answerMe(),
      http.get('/api/operador/resumen/', () => json(500, { detail: 'Error interno.' })),
    );
    renderConsole('/');
    expect(await screen.findByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});
