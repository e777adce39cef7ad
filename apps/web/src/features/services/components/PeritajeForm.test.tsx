import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PeritajeFormValues } from '../peritaje-form-schema.ts';
import { PeritajeForm } from './PeritajeForm.tsx';

const EMPTY: PeritajeFormValues = {
  placa: '',
  recibirPorCorreo: 'no',
  correo: '',
  nombre: '',
  direccion: '',
};

function setup(home: boolean, initial: Partial<PeritajeFormValues> = {}) {
  const onSubmit = vi.fn();
  render(<PeritajeForm home={home} initial={{ ...EMPTY, ...initial }} onSubmit={onSubmit} />);
  return { onSubmit, user: userEvent.setup() };
}

const submit = () => screen.getByRole('button', { name: 'Continuar' });

describe('PeritajeForm (SPPF §5)', () => {
  it('requires the plate, the name and (at home) the address, with the spec texts', async () => {
    const { user, onSubmit } = setup(true);
    await user.click(submit());
    expect(await screen.findByText('La placa es obligatoria.')).toBeInTheDocument();
    expect(screen.getByText('El nombre es obligatorio.')).toBeInTheDocument();
    expect(screen.getByText('La dirección es obligatoria.')).toBeInTheDocument();
    expect(screen.getByLabelText('Placa')).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('checks the plate format (6 to 7 letters or digits)', async () => {
    const { user } = setup(false, { nombre: 'Ana' });
    await user.type(screen.getByLabelText('Placa'), 'AB-12');
    await user.click(submit());
    expect(await screen.findByText('Formato de placa inválido.')).toBeInTheDocument();
  });

  it("requires the email only when receiving by email is 'si', and checks its format", async () => {
    const { user, onSubmit } = setup(false, { placa: 'ABC123', nombre: 'Ana' });
    await user.click(screen.getByRole('radio', { name: 'Sí' }));
    await user.click(submit());
    expect(await screen.findByText('El correo es obligatorio.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Correo'), 'ana@');
    await user.click(submit());
    expect(await screen.findByText('Formato de correo inválido.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('trims the values, upper-cases the plate and sends an empty email as null', async () => {
    const { user, onSubmit } = setup(true);
    await user.type(screen.getByLabelText('Placa'), 'abc123');
    await user.type(screen.getByLabelText('Nombre de quien recibe el resultado físico'), '  Ana Pérez ');
    await user.type(screen.getByLabelText('Dirección del servicio'), ' Calle 100 # 15-20 ');
    await user.click(submit());
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      placa: 'ABC123',
      recibirPorCorreo: false,
      correo: null,
      nombre: 'Ana Pérez',
      direccion: 'Calle 100 # 15-20',
    });
  });

  it('does not ask for the address at a branch', () => {
    setup(false);
    expect(screen.queryByLabelText('Dirección del servicio')).not.toBeInTheDocument();
  });
});
