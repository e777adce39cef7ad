import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_SLOTS, type HourSlot } from '../slots.ts';
import { HourPicker } from './HourPicker.tsx';

function Harness({ slots, onSubmit }: { slots: readonly HourSlot[]; onSubmit: (slot: string) => void }) {
  const [value, setValue] = useState<string | null>(null);
  return <HourPicker slots={slots} value={value} onChange={setValue} onSubmit={onSubmit} />;
}

const hours = () =>
  within(screen.getByRole('list'))
    .getAllByRole('button')
    .map((button) => button.textContent);

describe('HourPicker (horario)', () => {
  it('splits the default slots into AM 7–12 and PM 1–6', async () => {
    const user = userEvent.setup();
    render(<Harness slots={DEFAULT_SLOTS} onSubmit={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'AM' })).toHaveAttribute('aria-pressed', 'true');
    expect(hours()).toEqual(['7:00 AM', '8:00 AM', '9:00 AM', '10:00 AM', '11:00 AM', '12:00 PM']);
    await user.click(screen.getByRole('button', { name: 'PM' }));
    expect(hours()).toEqual(['1:00 PM', '2:00 PM', '3:00 PM', '4:00 PM', '5:00 PM', '6:00 PM']);
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
    expect(hours()).toEqual(['9:00 AM']);
    const agendar = screen.getByRole('button', { name: 'Agendar' });
    expect(agendar).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'PM' }));
    expect(hours()).toEqual(['1:00 PM', '3:00 PM']);
    expect(agendar).toBeDisabled();
    await user.click(screen.getByRole('button', { name: '3:00 PM' }));
    expect(screen.getByRole('button', { name: '3:00 PM' })).toHaveAttribute('aria-pressed', 'true');
    expect(agendar).toBeEnabled();
    await user.click(agendar);
    expect(onSubmit).toHaveBeenCalledWith('3:00 PM');
  });

  it('opens on PM when the day only has afternoon slots', () => {
    render(<Harness slots={[{ id: '2:00 PM', bloque: 'PM' }]} onSubmit={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'PM' })).toHaveAttribute('aria-pressed', 'true');
    expect(hours()).toEqual(['2:00 PM']);
  });
});
