import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CompanyData } from '@togo/domain/organisation/company-data.contract';
import { NIT_MSG } from '@togo/domain/reference/nit';
import { setFleetMembership } from '../../../lib/storage.ts';
import { json, mockFetch } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { signInCompany } from '../fleet.test-support.ts';
import { FleetMembersRoute } from '../routes/FleetMembers.tsx';

const GET = 'GET /api/togo/empresa/datos/';
const PUT = 'PUT /api/togo/empresa/datos/';
const MEMBERS = 'GET /api/togo/empresa/miembros/';

const EMPTY: CompanyData = { razon_social: null, nit: null, nombre: 'Flotas SAS', editable: true };

function render() {
  signInCompany();
  return renderRoutes([{ path: '/flota/miembros', Component: FleetMembersRoute }], {
    initialEntries: ['/flota/miembros'],
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A field of the form once the company's data came (before, the form is drawn disabled: no layout shift). */
async function enabledField(label: string): Promise<HTMLElement> {
  await waitFor(() => expect(screen.getByLabelText(label)).toBeEnabled());
  return screen.getByLabelText(label);
}

describe('Datos de la empresa (issue 37)', () => {
  it('holds its place while the data loads: the form drawn empty, disabled and busy', async () => {
    let answer: (value: Response) => void = () => undefined;
    mockFetch({
      [MEMBERS]: () => json(200, []),
      [GET]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    render();
    expect(screen.getByLabelText('Razón social')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Guardar datos de la empresa' })).toBeDisabled();
    answer(json(200, { ...EMPTY, razon_social: 'Flotas SAS', nit: '900123456-8' }));
    expect(await enabledField('Razón social')).toHaveValue('Flotas SAS');
    expect(screen.getByLabelText('NIT (con dígito de verificación)')).toHaveValue('900123456-8');
  });

  it('an administrador sets the razón social and the NIT; the NIT is sent as "base-DV"', async () => {
    const api = mockFetch({
      [MEMBERS]: () => json(200, []),
      [GET]: () => json(200, EMPTY),
      [PUT]: ({ body }) => {
        const input = body as { razon_social: string; nit: string };
        return json(200, {
          ...input,
          nombre: `${input.razon_social} (NIT ${input.nit})`,
          editable: true,
        });
      },
    });
    render();
    const user = userEvent.setup();
    await user.type(await enabledField('Razón social'), 'Transportes Álamo S.A.S.');
    await user.type(screen.getByLabelText('NIT (con dígito de verificación)'), '890.903.938-8');
    await user.click(screen.getByRole('button', { name: 'Guardar datos de la empresa' }));
    expect(
      await screen.findByText(
        'Guardado. Tu empresa aparece como «Transportes Álamo S.A.S. (NIT 890903938-8)».',
      ),
    ).toBeInTheDocument();
    expect(api.bodies(PUT)).toEqual([{ razon_social: 'Transportes Álamo S.A.S.', nit: '890903938-8' }]);
    expect(screen.getByLabelText('NIT (con dígito de verificación)')).toHaveValue('890903938-8');
  });

  it('a wrong check digit or a missing name is shown on its field and nothing is sent', async () => {
    const api = mockFetch({
      [MEMBERS]: () => json(200, []),
      [GET]: () => json(200, { ...EMPTY, razon_social: 'Álamo', nit: '890903938-8' }),
    });
    render();
    const user = userEvent.setup();
    const nit = await enabledField('NIT (con dígito de verificación)');
    expect(nit).toHaveValue('890903938-8');
    await user.clear(nit);
    await user.type(nit, '890903938-1');
    await user.click(screen.getByRole('button', { name: 'Guardar datos de la empresa' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(NIT_MSG.invalid);
    expect(nit).toHaveAttribute('aria-invalid', 'true');
    expect(nit).toHaveAccessibleDescription(NIT_MSG.invalid);
    await user.clear(screen.getByLabelText('Razón social'));
    await user.click(screen.getByRole('button', { name: 'Guardar datos de la empresa' }));
    expect(await screen.findByText('Escribe la razón social de la empresa.')).toBeInTheDocument();
    expect(api.bodies(PUT)).toEqual([]);
  });

  it("shows the API's refusal on its field", async () => {
    mockFetch({
      [MEMBERS]: () => json(200, []),
      [GET]: () => json(200, EMPTY),
      [PUT]: () => json(400, { nit: [NIT_MSG.invalid] }),
    });
    render();
    const user = userEvent.setup();
    await user.type(await enabledField('Razón social'), 'Álamo');
    await user.type(screen.getByLabelText('NIT (con dígito de verificación)'), '8001972684');
    await user.click(screen.getByRole('button', { name: 'Guardar datos de la empresa' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(NIT_MSG.invalid);
  });

  it('is not shown to an operador or a consulta member', async () => {
    const api = mockFetch({ [MEMBERS]: () => json(200, []), [GET]: () => json(200, EMPTY) });
    signInCompany();
    setFleetMembership({ empresa: 'Flotas SAS', rol: 'consulta' });
    renderRoutes([{ path: '/flota/miembros', Component: FleetMembersRoute }], {
      initialEntries: ['/flota/miembros'],
    });
    expect(await screen.findByRole('heading', { name: 'Miembros' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Datos de la empresa' })).not.toBeInTheDocument();
    expect(api.bodies(GET)).toHaveLength(0);
  });

  it('shows the company without a form when the API says it is not editable', async () => {
    mockFetch({
      [MEMBERS]: () => json(200, []),
      [GET]: () => json(200, { ...EMPTY, nombre: 'Álamo (NIT 890903938-8)', editable: false }),
    });
    render();
    expect(await screen.findByText('Álamo (NIT 890903938-8)')).toBeInTheDocument();
    expect(screen.queryByLabelText('Razón social')).not.toBeInTheDocument();
  });
});
