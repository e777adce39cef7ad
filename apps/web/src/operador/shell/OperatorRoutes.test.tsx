import type { ComponentType } from 'react';
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { inTurn, json, server } from '../../test/api-server.ts';
import { getOperatorToken, operatorRequest, setOperatorToken } from '../lib/operator-api.ts';
import { ALL_STAFF, operatorScreens } from '../screens.ts';
import { ADMIN_ME, answerMe, answerSummary, renderConsole } from '../test/render-console.tsx';

function Probe() {
  return <h1>Pantalla de prueba</h1>;
}
function One() {
  return <h1>Pantalla uno</h1>;
}
function Two() {
  return <h1>Pantalla dos</h1>;
}

/**
 * Two screens, 'Uno' loaded at once and 'Dos' whose chunk loads when the test says so (`settle()`), for an
 * admin already signed in.
 */
function twoScreens() {
  let settle!: { resolve: (m: { default: ComponentType }) => void; reject: (e: Error) => void };
  // One chunk: every import of it settles the same way.
  const chunk = new Promise<{ default: ComponentType }>((resolve, reject) => {
    settle = { resolve, reject };
  });
  const load = () => chunk;
  operatorScreens.push(
    { path: 'uno', label: 'Uno', roles: ALL_STAFF, load: async () => ({ default: One }) },
    { path: 'dos', label: 'Dos', roles: ALL_STAFF, load },
  );
  setOperatorToken('tok');
  server.use(answerMe());
  return { settle: () => settle };
}

/** The console's real screens: each test here registers its own, and the list is given back afterwards (the web
 * tests share one module graph per worker: a file after this one renders the real console). */
const REAL_SCREENS = [...operatorScreens];

// The console's home (Inicio) reads the day's summary.
beforeEach(() => {
  operatorScreens.length = 0;
  server.use(answerSummary());
});
afterAll(() => {
  operatorScreens.splice(0, operatorScreens.length, ...REAL_SCREENS);
});

describe('console shell', () => {
  it('builds the navigation and routes from the screens the role may open', async () => {
    operatorScreens.push(
      {
        path: 'soporte-prueba',
        label: 'Soporte prueba',
        roles: ALL_STAFF,
        load: async () => ({ default: Probe }),
      },
      { path: 'solo-admin', label: 'Solo admin', roles: ['admin'], load: async () => ({ default: Probe }) },
    );
    setOperatorToken('tok');
    server.use(answerMe(() => ({ ...ADMIN_ME, rol: 'soporte' })));
    const { user } = renderConsole('/');
    const nav = await screen.findByRole('navigation', { name: 'Secciones de la consola' });
    expect(within(nav).getByRole('link', { name: 'Inicio' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Soporte prueba' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Solo admin' })).toBeNull();
    await user.click(within(nav).getByRole('link', { name: 'Soporte prueba' }));
    expect(await screen.findByRole('heading', { name: 'Pantalla de prueba' })).toBeInTheDocument();
  });

  it("keeps the screen on show, with a progress bar, while the next screen's chunk loads", async () => {
    const two = twoScreens();
    const { user } = renderConsole('/uno');
    expect(await screen.findByRole('heading', { name: 'Pantalla uno' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Secciones de la consola' });
    await user.click(within(nav).getByRole('link', { name: 'Dos' }));
    expect(await screen.findByRole('progressbar', { name: 'Cargando' })).toBeInTheDocument();
    // The screen being left stays; no loader replaces it.
    expect(screen.getByRole('heading', { name: 'Pantalla uno' })).toBeInTheDocument();
    expect(screen.queryByText('Cargando…')).toBeNull();
    two.settle().resolve({ default: Two });
    expect(await screen.findByRole('heading', { name: 'Pantalla dos' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Pantalla uno' })).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('a screen whose chunk fails to load shows its error, not the screen being left', async () => {
    const two = twoScreens();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderConsole('/uno');
    expect(await screen.findByRole('heading', { name: 'Pantalla uno' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Dos' }));
    expect(await screen.findByRole('progressbar', { name: 'Cargando' })).toBeInTheDocument();
    two.settle().reject(new Error('chunk'));
    expect(await screen.findByText(/No pudimos cargar esta pantalla/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Pantalla uno' })).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('a screen the role may not open is "no encontrada"', async () => {
    operatorScreens.push({
      path: 'solo-admin',
      label: 'Solo admin',
      roles: ['admin'],
      load: async () => ({ default: Probe }),
    });
    setOperatorToken('tok');
    server.use(answerMe(() => ({ ...ADMIN_ME, rol: 'contenido' })));
    renderConsole('/solo-admin');
    expect(await screen.findByRole('heading', { name: 'Página no encontrada' })).toBeInTheDocument();
  });

  it('a 401 on any call forgets the token and returns to sign-in', async () => {
    setOperatorToken('tok');
    server.use(
      answerMe(),
      http.get('/api/operador/algo/', () => json(401, { detail: 'x' })),
    );
    renderConsole('/');
    expect(await screen.findByRole('heading', { name: 'Inicio' })).toBeInTheDocument();
    await expect(operatorRequest('/api/operador/algo/')).rejects.toThrow();
    expect(getOperatorToken()).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Ingresar' })).toBeInTheDocument();
  });

  it('signs out: ends the session on the server and shows sign-in', async () => {
    setOperatorToken('tok');
    const signOut = inTurn(new Response(null, { status: 204 }));
    server.use(answerMe(), http.delete('/api/operador/sesion/', signOut));
    const { user } = renderConsole('/');
    await user.click(await screen.findByRole('button', { name: 'Cerrar sesión' }));
    expect(await screen.findByRole('heading', { name: 'Ingresar' })).toBeInTheDocument();
    expect(signOut.bodies).toHaveLength(1);
    expect(getOperatorToken()).toBeNull();
  });

  it('the menu button opens and closes the navigation (narrow screens)', async () => {
    setOperatorToken('tok');
    server.use(answerMe());
    const { user } = renderConsole('/');
    const menu = await screen.findByRole('button', { name: /Menú/ });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('button', { name: 'Cerrar menú' }));
    expect(menu).toHaveAttribute('aria-expanded', 'false');
  });
});
