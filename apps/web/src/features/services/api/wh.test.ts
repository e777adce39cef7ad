import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import { fetchBranches } from './branches.ts';
import { fetchSlots } from './slots.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const BRANCH = {
  id: 'sede-norte',
  nombre: 'CDA Norte',
  text: 'CDA Norte Bogotá',
  direccion: 'Calle 170 # 45-10',
  imagen: '/static/sedes/norte.svg',
  lat: 4.75,
  lng: -74.05,
  ciudad_sb: 'Bogotá D.C.',
  ciudad_codigo: '11001',
  telefono: '601 555 0101',
  maps: 'https://maps.google.com/?q=4.75,-74.05',
  horario: { lunes_viernes: { apertura: '07:00', cierre: '19:00' }, sabado: null },
  capacidad: 3,
  a_domicilio: false,
};

describe('booking answers parsed with the domain schemas', () => {
  it('keeps a well-formed branch list, without keys the contract does not name', async () => {
    mockFetch({ 'POST /wh/transversal/sedes_by_ciudad/': () => json(200, [{ ...BRANCH, interno: 1 }]) });
    await expect(fetchBranches('rtm', '11001')).resolves.toEqual([BRANCH]);
  });

  it('a malformed answer reads as an empty list and is logged (SPPF §8), as before', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch({
      'POST /wh/transversal/sedes_by_ciudad/': () => json(200, [{ id: 'sede-norte' }]),
      'POST /wh/transversal/ejecutar-accion/': () => json(200, { detail: 'otra cosa' }),
    });
    await expect(fetchBranches('rtm', '11001')).resolves.toEqual([]);
    await expect(fetchSlots({ flow: 'rtm', sede: 'sede-norte', date: '2026-12-01' })).resolves.toEqual([]);
    expect(log).toHaveBeenCalledTimes(2);
  });
});
