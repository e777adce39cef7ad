import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import { renderRoutes, stub } from '../../../test/render.tsx';
import { ComprasRoute, GoPassRoute, PolizaRoute, PURCHASE_SANDBOX, SOAT_MESSAGE } from './Compras.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

function setup(path = '/app/otros/compras') {
  mockFetch({
    'GET /api/automas-param-system/togo-urls/': ({ url }) => {
      const name = new URL(url, 'http://localhost').searchParams.get('name__in');
      return json(200, { results: [{ name, url: `https://compras.example.co/${name}` }] });
    },
  });
  return renderRoutes(
    [
      { path: '/app/otros/compras', Component: ComprasRoute },
      { path: '/app/otros/compras/gopass', Component: GoPassRoute },
      { path: '/app/otros/compras/poliza', Component: PolizaRoute },
      stub('/app/otros'),
    ],
    { initialEntries: [path] },
  );
}

describe('compras', () => {
  it('SOAT shows the coming-soon message and stays on compras', async () => {
    const { user, router } = setup();
    await user.click(screen.getByRole('button', { name: /SOAT/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(SOAT_MESSAGE)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/otros/compras'));
  });

  it.each([
    ['GoPass', 'facil_pass', 'GoPass'],
    ['Póliza Todo Riesgo', 'poliza', 'Póliza Todo Riesgo'],
  ])('%s opens its page in a sandboxed frame with a back button to compras', async (entry, name, title) => {
    const { user, router } = setup();
    await user.click(screen.getByRole('link', { name: new RegExp(entry) }));
    const frame = await screen.findByTitle(title);
    expect(frame).toHaveAttribute('src', `https://compras.example.co/${name}`);
    expect(frame).toHaveAttribute('sandbox', PURCHASE_SANDBOX);
    await user.click(screen.getByRole('button', { name: /Volver/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/otros/compras'));
  });
});
