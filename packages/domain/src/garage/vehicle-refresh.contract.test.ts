import { describe, expect, it } from 'vitest';
import { vehicleRefreshStatusSchema } from './vehicle-refresh.contract.ts';

describe('vehicle refresh status', () => {
  const status = {
    registro: {
      ultima_actualizacion: '2026-11-25T15:05:00.000Z',
      estado: 'al_dia',
      proxima: '2026-11-26T15:05:00.000Z',
      desactualizado: false,
      motivo: null,
      en_cola: false,
    },
    multas: {
      ultima_actualizacion: '2026-11-01T15:05:00.000Z',
      estado: 'error',
      proxima: '2026-11-26T16:05:00.000Z',
      desactualizado: true,
      motivo: 'El proveedor no respondió.',
      en_cola: true,
    },
    actualizar_en: 0,
  };

  it('parses the status of both kinds and the seconds left', () => {
    expect(vehicleRefreshStatusSchema.parse(status)).toEqual(status);
  });

  it('rejects an unknown state, a missing kind or negative seconds', () => {
    expect(
      vehicleRefreshStatusSchema.safeParse({ ...status, multas: { ...status.multas, estado: 'ok' } }).success,
    ).toBe(false);
    expect(
      vehicleRefreshStatusSchema.safeParse({ registro: status.registro, actualizar_en: 0 }).success,
    ).toBe(false);
    expect(vehicleRefreshStatusSchema.safeParse({ ...status, actualizar_en: -5 }).success).toBe(false);
    const { desactualizado: _omitted, ...withoutStale } = status.registro;
    expect(vehicleRefreshStatusSchema.safeParse({ ...status, registro: withoutStale }).success).toBe(false);
  });
});
