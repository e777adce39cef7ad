import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AlertDateModal, checkAlertDates } from './AlertDateModal.tsx';
import type { AlertDateModalProps, AlertDateValues } from './AlertDateModal.tsx';

function setup(props: Partial<AlertDateModalProps> = {}) {
  const onSubmit = vi.fn<(dates: AlertDateValues) => void>();
  render(
    <AlertDateModal mode="double" title="Por favor actualiza tus fechas" onSubmit={onSubmit} {...props} />,
  );
  return { onSubmit, user: userEvent.setup() };
}

describe('AlertDateModal', () => {
  it('is closed until its button is pressed, then focuses the first date', async () => {
    const { user } = setup();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Actualiza fechas' }));
    const dialog = screen.getByRole('dialog', { name: 'Por favor actualiza tus fechas' });
    expect(dialog).toBeInTheDocument();
    const issue = screen.getByLabelText('Fecha de expedición');
    expect(issue).toHaveFocus();
    expect(issue).toHaveAttribute('inputmode', 'numeric');
    expect(issue).toHaveAttribute('placeholder', 'dd/mm/aaaa');
    expect(screen.getByLabelText('Fecha de vencimiento')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Actualizar' })).toBeInTheDocument();
  });

  it('two-date mode: types dd/MM/yyyy with automatic slashes and emits YYYY-MM-DD, then closes', async () => {
    const { user, onSubmit } = setup();
    await user.click(screen.getByRole('button', { name: 'Actualiza fechas' }));
    await user.type(screen.getByLabelText('Fecha de expedición'), '15032026');
    expect(screen.getByLabelText('Fecha de expedición')).toHaveValue('15/03/2026');
    await user.type(screen.getByLabelText('Fecha de vencimiento'), '14032027');
    await user.click(screen.getByRole('button', { name: 'Actualizar' }));
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith({
      fecha_expedicion: '2026-03-15',
      fecha_vencimiento: '2027-03-14',
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("two-date mode requires both dates: 'Por favor ingresa ambas fechas.'", async () => {
    const { user, onSubmit } = setup();
    await user.click(screen.getByRole('button', { name: 'Actualiza fechas' }));
    await user.type(screen.getByLabelText('Fecha de expedición'), '15032026');
    await user.click(screen.getByRole('button', { name: 'Actualizar' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Por favor ingresa ambas fechas.');
    expect(screen.getByLabelText('Fecha de vencimiento')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Fecha de vencimiento')).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('rejects impossible dates and an expiry before the issue date, in Spanish', async () => {
    const { user, onSubmit } = setup();
    await user.click(screen.getByRole('button', { name: 'Actualiza fechas' }));
    await user.type(screen.getByLabelText('Fecha de expedición'), '31022026');
    await user.type(screen.getByLabelText('Fecha de vencimiento'), '01032027');
    await user.click(screen.getByRole('button', { name: 'Actualizar' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'La fecha de expedición no es válida. Usa el formato dd/mm/aaaa.',
    );
    expect(screen.getByLabelText('Fecha de expedición')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(screen.getByLabelText('Fecha de expedición'));
    await user.type(screen.getByLabelText('Fecha de expedición'), '01032026');
    await user.clear(screen.getByLabelText('Fecha de vencimiento'));
    await user.type(screen.getByLabelText('Fecha de vencimiento'), '01022026');
    await user.click(screen.getByRole('button', { name: 'Actualizar' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'La fecha de vencimiento no puede ser anterior a la fecha de expedición.',
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('closing (Cancelar, ×, Escape) discards what was typed and emits nothing', async () => {
    const { user, onSubmit } = setup();
    const open = screen.getByRole('button', { name: 'Actualiza fechas' });
    await user.click(open);
    await user.type(screen.getByLabelText('Fecha de expedición'), '15032026');
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(open).toHaveFocus();

    await user.click(open);
    expect(screen.getByLabelText('Fecha de expedición')).toHaveValue('');
    await user.type(screen.getByLabelText('Fecha de expedición'), '1503');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(open);
    expect(screen.getByLabelText('Fecha de expedición')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('pre-fills the current dates on each opening', async () => {
    const { user } = setup({ initial: { fecha_expedicion: '2025-06-01', fecha_vencimiento: '2026-05-31' } });
    await user.click(screen.getByRole('button', { name: 'Actualiza fechas' }));
    expect(screen.getByLabelText('Fecha de expedición')).toHaveValue('01/06/2025');
    expect(screen.getByLabelText('Fecha de vencimiento')).toHaveValue('31/05/2026');
  });

  it("single-date mode: one date, 'Por favor ingresa una fecha.', emits only fecha_expedicion", async () => {
    const { user, onSubmit } = setup({
      mode: 'single',
      title: 'Por favor actualiza la fecha de la última recarga del extintor',
      issueLabel: 'Fecha de la última recarga',
    });
    await user.click(screen.getByRole('button', { name: 'Actualiza fechas' }));
    expect(screen.queryByLabelText('Fecha de vencimiento')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Actualizar' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Por favor ingresa una fecha.');
    await user.type(screen.getByLabelText('Fecha de la última recarga'), '15032026');
    await user.click(screen.getByRole('button', { name: 'Actualizar' }));
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith({
      fecha_expedicion: '2026-03-15',
      fecha_vencimiento: null,
    });
  });
});

describe('checkAlertDates', () => {
  it('validates in order: presence, format, calendar, order', () => {
    expect(checkAlertDates('double', '', '')).toMatchObject({
      ok: false,
      message: 'Por favor ingresa ambas fechas.',
      fields: ['issue', 'expiry'],
    });
    expect(checkAlertDates('single', ' ', '')).toMatchObject({
      ok: false,
      message: 'Por favor ingresa una fecha.',
    });
    expect(checkAlertDates('single', '15/03', '')).toMatchObject({ ok: false, fields: ['issue'] });
    expect(checkAlertDates('double', '01/01/2026', '32/01/2026')).toMatchObject({
      ok: false,
      fields: ['expiry'],
    });
    // A date of something done (issue 36): never after today.
    const labels = { issue: 'Fecha de la última recarga', expiry: 'Fecha de vencimiento' };
    expect(checkAlertDates('single', '10/12/2030', '', labels, '2026-12-02')).toEqual({
      ok: false,
      message: 'La fecha de la última recarga no puede ser posterior a hoy.',
      fields: ['issue'],
    });
    expect(checkAlertDates('single', '02/12/2026', '', labels, '2026-12-02')).toMatchObject({ ok: true });
    expect(checkAlertDates('double', '01/01/2026', '01/01/2026')).toEqual({
      ok: true,
      dates: { fecha_expedicion: '2026-01-01', fecha_vencimiento: '2026-01-01' },
    });
  });
});
