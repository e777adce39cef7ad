import { useQuery } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FLEET_MSG } from '@togo/domain/fleet/fleet.constants';
import { apiGet } from '../../../lib/api-client.ts';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import { renderRoutes, stub } from '../../../test/render.tsx';
import { NO_ACCESS_TITLE } from '../fleet-access.ts';
import { FleetLayout } from './FleetLayout.tsx';

const URLS = 'GET /api/automas-param-system/togo-urls/';

/** A fleet screen whose one read the test answers. */
function Screen() {
  const query = useQuery({ queryKey: ['fleet', 'probe'], queryFn: () => apiGet('/api/probe/'), retry: 1 });
  return <p>{query.isSuccess ? 'Datos de la flota' : 'Lista'}</p>;
}

function render(probe: Response[]) {
  localStorage.setItem('token', 'tok-olga');
  localStorage.setItem('userInfo', JSON.stringify({ id: 7, ids_roles: [1], is_first_login_togo: false }));
  localStorage.setItem(
    'fleetMembership',
    JSON.stringify({ empresa: 'Transportes Andinos', rol: 'operador' }),
  );
  const api = mockFetch({ [URLS]: () => json(200, { results: [] }), 'GET /api/probe/': probe });
  const view = renderRoutes(
    [
      { path: '/flota', Component: FleetLayout, children: [{ index: true, Component: Screen }] },
      stub('/app/home'),
      stub('/auth'),
    ],
    { initialEntries: ['/flota'] },
  );
  return { ...view, api };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a removed member (issue 37)', () => {
  it(`sees '${NO_ACCESS_TITLE}' at the first refused read, not an empty screen`, async () => {
    const view = render([
      json(403, { detail: FLEET_MSG.companyOnly }),
      json(403, { detail: FLEET_MSG.companyOnly }),
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: NO_ACCESS_TITLE })).toBeInTheDocument();
    expect(screen.getByText(/Un administrador de «Transportes Andinos» te quitó/)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Menú de la flota' })).not.toBeInTheDocument();
    // 'Ir a TOGO' forgets the membership and opens the person's own area.
    await view.user.click(screen.getByRole('button', { name: 'Ir a TOGO' }));
    expect(await screen.findByText('Ruta /app/home')).toBeInTheDocument();
    expect(localStorage.getItem('fleetMembership')).toBeNull();
  });

  it("a role's 403 (consulta writing) is not a lost access", async () => {
    render([
      json(403, { detail: 'Tu rol de consulta solo permite ver la información de la flota.' }),
      json(200, {}),
    ]);
    expect(await screen.findByText('Datos de la flota')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: NO_ACCESS_TITLE })).not.toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Menú de la flota' })).toBeInTheDocument();
  });
});
