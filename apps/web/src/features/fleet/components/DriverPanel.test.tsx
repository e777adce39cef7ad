import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FLEET_MSG } from '@togo/domain/fleet/fleet.contract';
import { json, mockFetch, type MockRequest } from '../../../test/fetch-mock.ts';
import { renderRoutes } from '../../../test/render.tsx';
import { driver, signInCompany, vehicleDetail } from '../fleet.test-support.ts';
import { FleetVehicleRoute } from '../routes/FleetVehicle.tsx';

const DETAIL = 'GET /api/togo/vehicle/12/detalle_flota/';
const PHOTO = 'PUT /api/togo/vehicle/12/conductor_flota/foto/';
const REMOVE = 'DELETE /api/togo/vehicle/12/conductor_flota/foto/';
const SIGNED = '/api/files/0b6f8a52-9f0c-4a0e-8d3f-1c2b3a4d5e6f.png?exp=1800000000&sig=abc';

function render() {
  signInCompany();
  return renderRoutes([{ path: '/flota/vehicle', Component: FleetVehicleRoute }], {
    initialEntries: ['/flota/vehicle?id=12'],
  });
}

function png(size = 2048, name = 'conductor.png'): File {
  return new File([new Uint8Array(size)], name, { type: 'image/png' });
}

async function panel() {
  await screen.findByRole('heading', { name: 'Vehículo ABC123' });
  return screen.getByRole('complementary', { name: 'Conductor' });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('driver panel photo', () => {
  it("'Cambiar foto' uploads the file (disabled with progress meanwhile) and shows the new photo", async () => {
    let answer: (response: Response) => void = () => undefined;
    const sent: MockRequest[] = [];
    const api = mockFetch({
      [DETAIL]: () => json(200, vehicleDetail()),
      [PHOTO]: (request) => {
        sent.push(request);
        return new Promise<Response>((resolve) => {
          answer = resolve;
        });
      },
    });
    const view = render();
    const aside = await panel();
    expect(within(aside).queryByRole('img')).not.toBeInTheDocument();
    expect(within(aside).queryByRole('button', { name: 'Quitar foto' })).not.toBeInTheDocument();

    await view.user.upload(within(aside).getByLabelText('Foto del conductor'), png());
    const busy = await within(aside).findByRole('button', { name: 'Subiendo foto...' });
    expect(busy).toBeDisabled();
    expect(within(aside).getByRole('progressbar', { name: 'Subiendo la foto del conductor' })).toBeVisible();

    expect(sent).toHaveLength(1);
    const init = api.fetchMock.mock.calls.find(([, i]) => i?.method === 'PUT')?.[1];
    expect(init?.body).toBeInstanceOf(FormData);
    expect((init?.body as FormData).get('foto')).toBeInstanceOf(File);
    expect(sent[0]?.headers.get('authorization')).toBe('Token tok-empresa');

    answer(json(200, vehicleDetail({ conductor: driver({ foto_url: SIGNED }) })));
    const photo = await within(aside).findByRole('img', { name: 'Foto de Carlos Gómez' });
    expect(photo).toHaveAttribute('src', SIGNED);
    expect(within(aside).getByRole('button', { name: 'Cambiar foto' })).toBeEnabled();
    expect(within(aside).getByRole('button', { name: 'Quitar foto' })).toBeEnabled();
    expect(within(aside).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it("shows the server's Spanish message when the upload is refused", async () => {
    mockFetch({
      [DETAIL]: () => json(200, vehicleDetail()),
      [PHOTO]: [json(415, { detail: FLEET_MSG.photoType })],
    });
    const view = render();
    const aside = await panel();
    await view.user.upload(within(aside).getByLabelText('Foto del conductor'), png());
    expect(await within(aside).findByRole('alert')).toHaveTextContent(FLEET_MSG.photoType);
    expect(within(aside).getByRole('button', { name: 'Cambiar foto' })).toBeEnabled();
    expect(within(aside).queryByRole('img')).not.toBeInTheDocument();
  });

  it('refuses a photo over 5 MB without sending it', async () => {
    const api = mockFetch({ [DETAIL]: () => json(200, vehicleDetail()) });
    const view = render();
    const aside = await panel();
    await view.user.upload(within(aside).getByLabelText('Foto del conductor'), png(5 * 1024 * 1024 + 1));
    expect(within(aside).getByRole('alert')).toHaveTextContent(FLEET_MSG.photoTooLarge);
    expect(api.fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it("'Cambiar foto' opens the file picker from the keyboard", async () => {
    mockFetch({ [DETAIL]: () => json(200, vehicleDetail()) });
    const view = render();
    const aside = await panel();
    const input = within(aside).getByLabelText('Foto del conductor');
    const pick = vi.spyOn(input, 'click');
    within(aside).getByRole('button', { name: 'Cambiar foto' }).focus();
    await view.user.keyboard('{Enter}');
    expect(pick).toHaveBeenCalled();
  });

  it("'Quitar foto' removes the photo and shows the initials again", async () => {
    mockFetch({
      [DETAIL]: () => json(200, vehicleDetail({ conductor: driver({ foto_url: SIGNED }) })),
      [REMOVE]: [json(200, vehicleDetail())],
    });
    const view = render();
    const aside = await panel();
    expect(within(aside).getByRole('img', { name: 'Foto de Carlos Gómez' })).toBeInTheDocument();
    await view.user.click(within(aside).getByRole('button', { name: 'Quitar foto' }));
    expect(await within(aside).findByText('CG')).toBeInTheDocument();
    expect(within(aside).queryByRole('img')).not.toBeInTheDocument();
    expect(within(aside).queryByRole('button', { name: 'Quitar foto' })).not.toBeInTheDocument();
  });
});
