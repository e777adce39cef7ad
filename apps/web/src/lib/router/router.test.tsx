import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLayoutEffect } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  useLocation,
  useNavigate,
  useParams,
  useRoutes,
  useSearchParams,
} from './index.ts';
import type { InitialEntry, Location, RouteObject } from './index.ts';

const seen: Location[] = [];
function Probe() {
  const location = useLocation();
  useLayoutEffect(() => {
    seen.push(location);
  }, [location]);
  return null;
}
const last = () => seen[seen.length - 1] as Location;

function Routes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

function renderAt(routes: RouteObject[], initialEntries: InitialEntry[] = ['/']) {
  seen.length = 0;
  return render(
    <MemoryRouter initialEntries={initialEntries}>
      <Probe />
      <Routes routes={routes} />
    </MemoryRouter>,
  );
}

function Layout() {
  return (
    <section>
      <h1>Flota</h1>
      <NavLink to="/flota" end className={({ isActive }) => (isActive ? 'on' : 'off')}>
        Vehículos
      </NavLink>
      <NavLink to="/flota/hoy">Hoy</NavLink>
      <Outlet />
    </section>
  );
}

function Detail() {
  const { id } = useParams();
  const navigate = useNavigate();
  return (
    <>
      <p>{`Vehículo ${id}`}</p>
      <button type="button" onClick={() => void navigate(-1)}>
        Atrás
      </button>
      <button type="button" onClick={() => void navigate('..', { state: { desde: id } })}>
        Lista
      </button>
    </>
  );
}

function Pages() {
  const [params, setParams] = useSearchParams();
  return (
    <>
      <p>{`Página ${params.get('page') ?? '1'}`}</p>
      <button type="button" onClick={() => setParams({ page: '2' }, { replace: true })}>
        Siguiente
      </button>
    </>
  );
}

const routes: RouteObject[] = [
  {
    path: '/flota',
    Component: Layout,
    children: [
      { index: true, element: <Link to="vehiculo/7">Ver ABC123</Link> },
      { path: 'vehiculo/:id', Component: Detail },
      { path: 'hoy', Component: Pages },
    ],
  },
  { path: '/viejo', element: <Navigate to="/flota/hoy?page=3" replace state={{ de: 'viejo' }} /> },
];

describe('drivers app router', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('links push route-relative targets; params, back and ".." work as in react-router', async () => {
    const user = userEvent.setup();
    renderAt(routes, ['/flota']);
    expect(screen.getByRole('link', { name: 'Vehículos' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Vehículos' })).toHaveClass('on');
    expect(screen.getByRole('link', { name: 'Ver ABC123' })).toHaveAttribute('href', '/flota/vehiculo/7');

    await user.click(screen.getByRole('link', { name: 'Ver ABC123' }));
    expect(await screen.findByText('Vehículo 7')).toBeInTheDocument();
    expect(last().pathname).toBe('/flota/vehiculo/7');
    // `end`: the list's link is not active on a sub-path; a link without it is active on its own.
    expect(screen.getByRole('link', { name: 'Vehículos' })).not.toHaveAttribute('aria-current');

    await user.click(screen.getByRole('button', { name: 'Atrás' }));
    expect(await screen.findByRole('link', { name: 'Ver ABC123' })).toBeInTheDocument();
    expect(last().pathname).toBe('/flota');

    await user.click(screen.getByRole('link', { name: 'Ver ABC123' }));
    await user.click(await screen.findByRole('button', { name: 'Lista' }));
    // '..' climbs one route (the vehicle's), not one URL segment.
    await waitFor(() => expect(last().pathname).toBe('/flota'));
    expect(last().state).toEqual({ desde: '7' });
  });

  it('a link to the current page replaces the entry; keys change per navigation', async () => {
    const user = userEvent.setup();
    renderAt(routes, ['/flota/hoy']);
    const first = last();
    expect(first.key).toBe('default');
    expect(screen.getByRole('link', { name: 'Hoy' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Hoy' })).toHaveClass('active');
    await user.click(screen.getByRole('link', { name: 'Hoy' }));
    await waitFor(() => expect(last().key).not.toBe('default'));
    expect(last().pathname).toBe('/flota/hoy');
  });

  it('search params are read and replaced; <Navigate> redirects with its state', async () => {
    const user = userEvent.setup();
    renderAt(routes, ['/viejo']);
    expect(await screen.findByText('Página 3')).toBeInTheDocument();
    expect(last()).toMatchObject({ pathname: '/flota/hoy', search: '?page=3', state: { de: 'viejo' } });
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('Página 2')).toBeInTheDocument();
  });

  it('renders nothing where no route matches; initial entries carry state', () => {
    renderAt(routes, [{ pathname: '/nada', state: { x: 1 } }]);
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(last()).toMatchObject({ pathname: '/nada', state: { x: 1 } });
  });

  it('the browser router writes history entries react-router can read, and follows the back button', async () => {
    window.history.replaceState(null, '', '/flota');
    const user = userEvent.setup();
    seen.length = 0;
    render(
      <BrowserRouter>
        <Probe />
        <Routes routes={routes} />
      </BrowserRouter>,
    );
    await user.click(screen.getByRole('link', { name: 'Ver ABC123' }));
    expect(await screen.findByText('Vehículo 7')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/flota/vehiculo/7');
    expect(window.history.state).toMatchObject({ idx: 1 });

    await user.click(screen.getByRole('button', { name: 'Lista' }));
    await waitFor(() => expect(window.location.pathname).toBe('/flota'));
    expect(window.history.state).toMatchObject({ idx: 2, usr: { desde: '7' } });

    act(() => {
      window.history.replaceState({ idx: 0, key: 'k0', usr: null }, '', '/flota');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(await screen.findByRole('link', { name: 'Ver ABC123' })).toBeInTheDocument();
    expect(last()).toMatchObject({ pathname: '/flota', key: 'k0' });
  });
});
