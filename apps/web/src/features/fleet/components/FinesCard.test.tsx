import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fine } from '../fleet.test-support.ts';
import { FinesCard } from './FinesCard.tsx';

const FINES = [
  fine({ numero: 'F1', tipo: 'Comparendo - C02 Estacionar en sitio prohibido', total: 604100 }),
  fine({ numero: 'F2', tipo: 'MULTA DE TRÁNSITO - D02 Conducir sin SOAT', total: 1266100 }),
  fine({ numero: 'F3', tipo: 'Embargo', total: 50000 }),
  fine({ numero: 'F4', total: 100000 }),
  fine({ numero: 'F5', total: 200000 }),
];

describe('FinesCard', () => {
  it("shows three fines, 'Ver más' shows all and 'Ver menos' folds them back", async () => {
    const user = userEvent.setup();
    render(<FinesCard title="Multas del vehículo" fines={FINES} empty="Sin multas" />);
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByText('F4')).not.toBeInTheDocument();

    const more = screen.getByRole('button', { name: 'Ver más' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByText('F5')).toBeInTheDocument();

    const less = screen.getByRole('button', { name: 'Ver menos' });
    expect(less).toHaveAttribute('aria-expanded', 'true');
    await user.click(less);
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Ver más' })).toBeInTheDocument();
  });

  it("labels 'Comparendo - …' as Comparendo and 'MULTA DE TRÁNSITO' as Multa, with amounts in COP", () => {
    render(<FinesCard title="Multas" fines={FINES.slice(0, 3)} empty="Sin multas" />);
    const [first, second, third] = screen.getAllByRole('listitem');
    expect(first).toHaveTextContent('Comparendo');
    expect(first).toHaveTextContent('15-03-2026');
    expect(first).toHaveTextContent('$ 604.100');
    expect(second).toHaveTextContent(/^Multa/);
    expect(third).toHaveTextContent(/^Embargo/);
    expect(screen.getByText('3 · $ 1.920.200')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ver más' })).not.toBeInTheDocument();
  });

  it('says when there are none and while the look-up is pending', () => {
    const { rerender } = render(<FinesCard title="Multas" fines={[]} empty="Sin multas vigentes" />);
    expect(screen.getByText('Sin multas vigentes')).toBeInTheDocument();
    rerender(<FinesCard title="Multas" fines={[]} pending empty="Sin multas vigentes" />);
    expect(screen.getByRole('status')).toHaveTextContent('Consultando multas...');
  });
});
