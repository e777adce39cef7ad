import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { closedDayReason } from '@togo/domain/booking/booking.rules';
import { DatePicker } from './DatePicker.tsx';
import { MonthCalendar } from './MonthCalendar.tsx';

// 2026-11-23 10:00 in Bogotá (UTC-5): a Monday.
const NOW = new Date('2026-11-23T15:00:00Z');

function renderCalendar(value: string | null = null) {
  const onSelect = vi.fn();
  const onClose = vi.fn();
  render(
    <MonthCalendar now={NOW} firstDay="2026-11-24" value={value} onSelect={onSelect} onClose={onClose} />,
  );
  return { onSelect, onClose, user: userEvent.setup() };
}

const month = () => screen.getByText(/\d{4}$/, { selector: '.calendar__month' }).textContent;

describe('MonthCalendar (Otra fecha)', () => {
  it('shows Monday first and pads the first week', () => {
    renderCalendar();
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['Lun', 'Mar', 'Mié', 'Jue', 'Vie', 'Sáb', 'Dom']);
    // November 2026 starts on a Sunday: six empty cells, then the 1st in the last column.
    const firstRow = screen.getAllByRole('row')[1]!;
    const cells = within(firstRow).getAllByRole('cell', { hidden: true });
    expect(cells.slice(0, 6).every((cell) => cell.textContent === '')).toBe(true);
    expect(cells[6]!.textContent).toBe('1');
  });

  it('runs from the current month to the same month next year, with bounded navigation', async () => {
    const { user } = renderCalendar();
    expect(month()).toBe('noviembre 2026');
    const previous = screen.getByRole('button', { name: 'Mes anterior' });
    const next = screen.getByRole('button', { name: 'Mes siguiente' });
    expect(previous).toBeDisabled();
    for (let i = 0; i < 12; i++) await user.click(next);
    expect(month()).toBe('noviembre 2027');
    expect(next).toBeDisabled();
    await user.click(previous);
    expect(month()).toBe('octubre 2027');
    expect(next).toBeEnabled();
  });

  it('disables the days before tomorrow', () => {
    renderCalendar();
    expect(screen.getByRole('button', { name: 'lunes 23 de noviembre de 2026' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'martes 24 de noviembre de 2026' })).toBeEnabled();
  });

  it("'Seleccionar' needs a day, and month navigation clears the temporary day", async () => {
    const { user, onSelect } = renderCalendar();
    const select = screen.getByRole('button', { name: 'Seleccionar' });
    await user.click(select);
    expect(onSelect).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Selecciona un día.');

    await user.click(screen.getByRole('button', { name: 'viernes 27 de noviembre de 2026' }));
    expect(screen.getByRole('button', { name: 'viernes 27 de noviembre de 2026' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(screen.getByRole('button', { name: 'Mes siguiente' }));
    await user.click(screen.getByRole('button', { name: 'Mes anterior' }));
    expect(screen.getByRole('button', { name: 'viernes 27 de noviembre de 2026' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await user.click(select);
    expect(onSelect).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Mes siguiente' }));
    await user.click(screen.getByRole('button', { name: 'martes 15 de diciembre de 2026' }));
    await user.click(select);
    expect(onSelect).toHaveBeenCalledWith('2026-12-15');
  });
});

describe('DatePicker (agenda)', () => {
  it('offers the 9 days from tomorrow and opens the calendar from Otra fecha', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<DatePicker now={NOW} value={null} onChange={onChange} />);
    const days = within(screen.getByRole('list')).getAllByRole('button');
    expect(days).toHaveLength(9);
    expect(days[0]).toHaveAccessibleName('martes 24 de noviembre de 2026');
    expect(days[8]).toHaveAccessibleName('miércoles 2 de diciembre de 2026');
    await user.click(days[2]!);
    expect(onChange).toHaveBeenCalledWith('2026-11-26');

    await user.click(screen.getByRole('button', { name: 'Otra fecha' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Mes siguiente' }));
    await user.click(within(dialog).getByRole('button', { name: 'jueves 31 de diciembre de 2026' }));
    await user.click(within(dialog).getByRole('button', { name: 'Seleccionar' }));
    expect(onChange).toHaveBeenLastCalledWith('2026-12-31');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('disables closed days with their reason: Sundays, holidays, a branch closed on Saturdays and its closures', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    const branch = {
      horario: { lunes_viernes: { apertura: '07:00', cierre: '18:00' }, sabado: null },
      cierres: ['2026-11-26'],
    };
    render(
      <DatePicker
        now={NOW}
        value={null}
        onChange={onChange}
        closedReason={(date) => closedDayReason(date, branch)}
      />,
    );
    const day = (name: string) => within(screen.getByRole('list')).getByRole('button', { name });
    expect(day('domingo 29 de noviembre de 2026')).toBeDisabled();
    expect(day('domingo 29 de noviembre de 2026')).toHaveAccessibleDescription(
      'Cerrado: los domingos no hay servicio.',
    );
    expect(day('sábado 28 de noviembre de 2026')).toHaveAccessibleDescription(
      'Cerrado: la sede no abre los sábados.',
    );
    expect(day('jueves 26 de noviembre de 2026')).toHaveAccessibleDescription(
      'Cerrado: la sede no atiende ese día.',
    );
    expect(day('viernes 27 de noviembre de 2026')).toBeEnabled();
    expect(screen.getByText(/Los días atenuados no tienen atención/)).toBeInTheDocument();
    await user.click(day('domingo 29 de noviembre de 2026'));
    expect(onChange).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Otra fecha' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Mes siguiente' }));
    expect(within(dialog).getByRole('button', { name: 'martes 8 de diciembre de 2026' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'miércoles 9 de diciembre de 2026' })).toBeEnabled();
  });

  it('disables Sundays and holidays even without a branch', () => {
    render(<DatePicker now={new Date('2026-12-05T15:00:00Z')} value={null} onChange={vi.fn()} />);
    const day = (name: string) => within(screen.getByRole('list')).getByRole('button', { name });
    expect(day('domingo 6 de diciembre de 2026')).toBeDisabled();
    expect(day('martes 8 de diciembre de 2026')).toHaveAccessibleDescription('Cerrado: es festivo.');
    expect(day('lunes 7 de diciembre de 2026')).toBeEnabled();
  });
});
