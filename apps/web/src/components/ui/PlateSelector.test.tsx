import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { PlateSelector } from './PlateSelector.tsx';

const vehicles = [
  { id: 1, placa: 'ABC123' },
  { id: 2, placa: 'XYZ98D' },
  { id: 3, placa: 'KLM456' },
];

describe('PlateSelector', () => {
  it('shows the selected plate and lists every plate in a dialog, the current one marked', () => {
    render(<PlateSelector vehicles={vehicles} selectedId={2} onSelect={vi.fn()} />);
    const trigger = screen.getByRole('button', { name: /Vehículo seleccionado: XYZ98D/ });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    fireEvent.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'Selecciona tu vehículo' });
    const options = within(dialog)
      .getAllByRole('listitem')
      .map((li) => li.querySelector('.plate')?.textContent);
    expect(options).toEqual(['ABC123', 'XYZ98D', 'KLM456']);
    const current = within(dialog).getByRole('button', { current: true });
    expect(current).toHaveTextContent('XYZ98D');
    expect(current).toHaveTextContent('Actual');
  });

  it('choosing another plate calls onSelect once with it and closes the dialog', () => {
    const onSelect = vi.fn();
    render(<PlateSelector vehicles={vehicles} selectedId={1} onSelect={onSelect} />);
    fireEvent.click(screen.getByRole('button', { name: /Cambiar vehículo/ }));
    fireEvent.click(screen.getByRole('button', { name: 'KLM456' }));
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(onSelect).toHaveBeenCalledWith({ id: 3, placa: 'KLM456' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('choosing the current plate only closes; Escape and the close button close without a change', () => {
    const onSelect = vi.fn();
    render(<PlateSelector vehicles={vehicles} selectedId={1} onSelect={onSelect} />);
    const trigger = screen.getByRole('button', { name: /Cambiar vehículo/ });
    fireEvent.click(trigger);
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: /ABC123/ }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    fireEvent.click(trigger);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    fireEvent.click(trigger);
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('is disabled while the garage is being prepared, and shows dashes with no selection', () => {
    render(<PlateSelector vehicles={[]} selectedId={null} onSelect={vi.fn()} disabled />);
    const trigger = screen.getByRole('button', { name: /Vehículo seleccionado: ninguno/ });
    expect(trigger).toBeDisabled();
    expect(trigger).toHaveTextContent('------');
  });

  it('offers "Agregar vehículo" when given where it leads (issue 36), and closes on the way', () => {
    render(
      <MemoryRouter>
        <PlateSelector vehicles={vehicles} selectedId={1} onSelect={vi.fn()} addHref="/app/nuevo?from=app" />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: /Cambiar vehículo/ }));
    const add = within(screen.getByRole('dialog')).getByRole('link', { name: '+ Agregar vehículo' });
    expect(add).toHaveAttribute('href', '/app/nuevo?from=app');
    fireEvent.click(add);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
