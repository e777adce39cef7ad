import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_SLOTS, type HourSlot } from '../slots.ts';
import { HourPicker } from './HourPicker.tsx';

function Harness({ slots, onSubmit }: { slots: readonly HourSlot[]; onSubmit: (slot: string) => void }) {
  const [value, setValue] = useState<string | null>(null);
  return <HourPicker date="2026-11-24" slots={slots} value={value} onChange={setValue} onSubmit={onSubmit} />;
}

const hours = () =>
  within(screen.getByRole('list'))
    .getAllByRole('button')
    .map((button) => button.textContent);

describe('HourPicker (horario)', () => {
  it('repeats the date chosen on the step before', () => {
    render(<Harness slots={DEFAULT_SLOTS} onSubmit={vi.fn()} />);
    expect(screen.getByText('Para el martes 24 de noviembre de 2026')).toBeInTheDocument();
  });

  it("splits the default slots into a. m. 7–11 and p. m. 12–6, written '9:00 a. m.' (noon under p. m.)", async () => {
    const user = userEvent.setup();
    render(<Harness slots={DEFAULT_SLOTS} onSubmit={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'a. m.' })).toHaveAttribute('aria-pressed', 'true');
    expect(hours()).toEqual(['7:00 a. m.', '8:00 a. m.', '9:00 a. m.', '10:00 a. m.', '11:00 a. m.']);
    await user.click(screen.getByRole('button', { name: 'p. m.' }));
    expect(hours()).toEqual([
      '12:00 p. m.',
      '1:00 p. m.',
      '2:00 p. m.',
      '3:00 p. m.',
      '4:00 p. m.',
      '5:00 p. m.',
      '6:00 p. m.',
    ]);
  });

  it("puts the server's noon slot (bloque 'AM' on the wire) under p. m.", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<Harness slots={[{ id: '12:00 PM', bloque: 'AM' }]} onSubmit={onSubmit} />);
    expect(screen.getByRole('button', { name: 'p. m.' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: '12:00 p. m.' }));
    await user.click(screen.getByRole('button', { name: 'Agendar' }));
    expect(onSubmit).toHaveBeenCalledWith('12:00 PM');
  });

  it("shows the server's slots and keeps 'Agendar' disabled until an hour is chosen", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const slots: HourSlot[] = [
      { id: '3:00 PM', bloque: 'PM' },
      { id: '9:00 AM', bloque: 'AM' },
      { id: '1:00 PM', bloque: 'PM' },
    ];
    render(<Harness slots={slots} onSubmit={onSubmit} />);
    expect(hours()).toEqual(['9:00 a. m.']);
    const agendar = screen.getByRole('button', { name: 'Agendar' });
    expect(agendar).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'p. m.' }));
    expect(hours()).toEqual(['1:00 p. m.', '3:00 p. m.']);
    expect(agendar).toBeDisabled();
    await user.click(screen.getByRole('button', { name: '3:00 p. m.' }));
    expect(screen.getByRole('button', { name: '3:00 p. m.' })).toHaveAttribute('aria-pressed', 'true');
    expect(agendar).toBeEnabled();
    await user.click(agendar);
    expect(onSubmit).toHaveBeenCalledWith('3:00 PM');
  });

  it('opens on p. m. when the day only has afternoon slots', () => {
    render(<Harness slots={[{ id: '2:00 PM', bloque: 'PM' }]} onSubmit={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'p. m.' })).toHaveAttribute('aria-pressed', 'true');
    expect(hours()).toEqual(['2:00 p. m.']);
  });
});
