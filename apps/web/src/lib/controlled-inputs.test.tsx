import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

// vitest.setup.ts installs it, as the app's entries do.

function DigitsOnly() {
  const [value, setValue] = useState('12');
  return (
    <label>
      Teléfono
      <input value={value} onChange={(event) => setValue(event.target.value.replace(/\D/g, ''))} />
    </label>
  );
}

function Free() {
  return (
    <label>
      Nota
      <input defaultValue="" />
    </label>
  );
}

describe('controlled inputs under Preact', () => {
  it('puts the value back when the handler rejects what was typed (the state did not change)', async () => {
    render(<DigitsOnly />);
    const input = screen.getByLabelText('Teléfono');
    await userEvent.type(input, 'a-3x');
    expect(input).toHaveValue('123');
  });

  it('leaves a value the handler took, and a synthetic input event, as the state says', async () => {
    render(<DigitsOnly />);
    const input = screen.getByLabelText('Teléfono');
    fireEvent.input(input, { target: { value: '12b' } });
    await Promise.resolve();
    await Promise.resolve();
    expect(input).toHaveValue('12');
    fireEvent.input(input, { target: { value: '129' } });
    expect(await screen.findByDisplayValue('129')).toBe(input);
  });

  it('never touches an input rendered without a value (uncontrolled)', async () => {
    render(<Free />);
    const input = screen.getByLabelText('Nota');
    await userEvent.type(input, 'hola');
    expect(input).toHaveValue('hola');
  });
});
