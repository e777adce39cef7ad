import { screen, within, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes, stub } from '../../../test/render.tsx';
import { GarageEmptyGuard } from './GarageEmptyGuard.tsx';

function setup(path = '/app/alerts') {
  return renderRoutes(
    [
      { Component: GarageEmptyGuard, children: [stub('/app/alerts'), stub('/app/servicios/rtm')] },
      stub('/app/garaje-personal/nuevo-vehiculo'),
      stub('/app/home'),
    ],
    { initialEntries: [path] },
  );
}

describe('GarageEmptyGuard', () => {
  it('lets the route render when the garage is not empty', async () => {
    setup();
    expect(await screen.findByText('Ruta /app/alerts')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it("blocks the route while 'empty' is set; 'Configurar Garaje' opens the form", async () => {
    localStorage.setItem('empty', 'true');
    const view = setup('/app/servicios/rtm');
    const dialog = await screen.findByRole('alertdialog', {
      name: '¡No olvides configurar tu garaje en TOGO!',
    });
    expect(screen.queryByText('Ruta /app/servicios/rtm')).not.toBeInTheDocument();
    await view.user.click(within(dialog).getByRole('button', { name: 'Configurar Garaje' }));
    expect(await screen.findByText('Ruta /app/garaje-personal/nuevo-vehiculo')).toBeInTheDocument();
    expect(view.router.state.location.pathname).toBe('/app/garaje-personal/nuevo-vehiculo');
  });

  it('closing the dialog (button or Escape) goes home', async () => {
    localStorage.setItem('empty', 'true');
    const view = setup();
    const dialog = await screen.findByRole('alertdialog', {
      name: '¡No olvides configurar tu garaje en TOGO!',
    });
    await view.user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    expect(await screen.findByText('Ruta /app/home')).toBeInTheDocument();

    const again = setup();
    await screen.findAllByRole('alertdialog');
    await again.user.keyboard('{Escape}');
    await waitFor(() => expect(again.router.state.location.pathname).toBe('/app/home'));
  });
});
