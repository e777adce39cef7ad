import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client.ts';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import { page } from '../home.test-support.ts';
import { prefetchHome } from './home-prefetch.ts';

const banner = (clave: string, archivo: string) => ({
  clave,
  valor: clave,
  valor_json: { activo: true, alias_url_app: 'app/servicios/rtm', descripcion: '' },
  detalle_archivos: [{ archivo }],
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.head.innerHTML = '';
});

describe('prefetchHome', () => {
  it("starts the home's five reads at once and preloads the carousel's first image", async () => {
    const { fetchMock } = mockFetch({
      'GET /api/conf/catalogos/paginado/': ({ url }) =>
        json(
          200,
          page(
            url.includes('BANNERS_GENERALES_TOGO')
              ? [banner('B1', '/static/banners/rtm.svg'), banner('B2', '/static/banners/soat.svg')]
              : [],
          ),
        ),
      'GET /api/togo/vehicle/user_garages/': () => json(200, []),
      'GET /api/togo/vehicle/get_garaje_selected/': () => json(404, { detail: 'No encontrado.' }),
    });
    const client = createQueryClient();
    void prefetchHome(client);
    expect(fetchMock).toHaveBeenCalledTimes(5);
    await waitFor(() =>
      expect(document.head.querySelector('link[rel="preload"][as="image"]')?.getAttribute('href')).toBe(
        '/static/banners/rtm.svg',
      ),
    );
    // Coming back within the app's stale time fetches nothing again and adds no second link.
    void prefetchHome(client);
    await waitFor(() => expect(client.isFetching()).toBe(0));
    expect(fetchMock).toHaveBeenCalledTimes(5);
    expect(document.head.querySelectorAll('link[rel="preload"]')).toHaveLength(1);
  });
});
