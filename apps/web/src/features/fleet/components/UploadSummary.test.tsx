import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FleetUploadStatus } from '@togo/domain/fleet/fleet.contract';
import { renderRoutes } from '../../../test/render.tsx';
import { uploadStatus } from '../fleet.test-support.ts';
import { NOTHING_CHANGED, UploadSummary } from './UploadSummary.tsx';

function show(overrides: Partial<FleetUploadStatus>) {
  const status = uploadStatus({ estado: 'terminado', porcentaje: 100, ...overrides });
  return renderRoutes([{ path: '/', Component: () => <UploadSummary status={status} /> }]);
}

const counts = () =>
  [...document.querySelectorAll('.fleet-summary__counts dd')].map((e) => e.textContent ?? '');

describe('UploadSummary (issue 37)', () => {
  it('a re-upload with 4 new plates and 1 changed says so, not "Vehículos agregados 5"', () => {
    show({ vehiculos_agregados: 4, vehiculos_actualizados: 1 });
    expect(counts()).toEqual(['4', '1', '0', '0']);
    expect(screen.queryByText(NOTHING_CHANGED.same)).not.toBeInTheDocument();
    expect(screen.queryByText(NOTHING_CHANGED.repeated)).not.toBeInTheDocument();
  });

  it('an identical file says nothing changed beside counts that agree', () => {
    show({ repetido: true, vehiculos_sin_cambios: 5 });
    expect(screen.getByText(NOTHING_CHANGED.repeated)).toBeInTheDocument();
    expect(counts()).toEqual(['0', '0', '5', '0']);
  });

  it('a file of unchanged rows says no changes were made; refused rows are not "no changes"', () => {
    const view = show({ vehiculos_sin_cambios: 1_500 });
    expect(screen.getByText(NOTHING_CHANGED.same)).toBeInTheDocument();
    expect(counts()).toEqual(['0', '0', '1.500', '0']);
    view.unmount();
    show({ vehiculos_sin_cambios: 3, filas_con_errores: 2 });
    expect(screen.queryByText(NOTHING_CHANGED.same)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver filas con errores' })).toBeInTheDocument();
  });

  it('names the columns the import did not read', () => {
    const view = show({ vehiculos_agregados: 2, columnas_ignoradas: ['Observaciones', 'Color'] });
    expect(screen.getByText('Estas columnas no son de la plantilla y no se leyeron:')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Columnas ignoradas' });
    expect(list).toHaveTextContent('«Observaciones»«Color»');
    view.unmount();
    show({ vehiculos_agregados: 2 });
    expect(screen.queryByRole('list', { name: 'Columnas ignoradas' })).not.toBeInTheDocument();
  });

  it('a failed import shows its reason and no counts', () => {
    show({ estado: 'fallido', mensaje: 'El archivo no tiene filas de vehículos.' });
    expect(screen.getByRole('alert')).toHaveTextContent('El archivo no tiene filas de vehículos.');
    expect(counts()).toEqual([]);
  });
});
