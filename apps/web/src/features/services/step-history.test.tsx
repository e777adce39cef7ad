import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render.tsx';
import { useStepHistory } from './step-history.ts';

const STEPS = ['uno', 'dos', 'tres'] as const;
type Step = (typeof STEPS)[number];

function Wizard() {
  const [step, setStep] = useState<Step>('uno');
  const [choice, setChoice] = useState<string | null>(null);
  const navigate = useNavigate();
  useStepHistory(step, STEPS, setStep, (s) => s !== 'tres' || choice !== null);
  const next = STEPS[STEPS.indexOf(step) + 1];
  return (
    <div>
      <p>{`Paso ${step}`}</p>
      <p>{`Elección ${choice ?? 'ninguna'}`}</p>
      <button type="button" onClick={() => setChoice('sede norte')}>
        Elegir
      </button>
      {next ? (
        <button type="button" onClick={() => setStep(next)}>
          Siguiente
        </button>
      ) : null}
      <button type="button" onClick={() => void navigate(-1)}>
        Atrás del navegador
      </button>
      <button type="button" onClick={() => void navigate(1)}>
        Adelante del navegador
      </button>
    </div>
  );
}

describe('useStepHistory', () => {
  it('gives each step a history entry: the browser back shows the previous step with the choices kept', async () => {
    const { user, router } = renderRoutes(
      [
        { path: '/app/servicios/rtm', Component: Wizard },
        { path: '/app/servicios', Component: () => <p>Servicios</p> },
      ],
      { initialEntries: ['/app/servicios', '/app/servicios/rtm'] },
    );
    await user.click(screen.getByRole('button', { name: 'Elegir' }));
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(screen.getByText('Paso tres')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.state).toEqual({ flowStep: 'tres' }));

    await user.click(screen.getByRole('button', { name: 'Atrás del navegador' }));
    expect(await screen.findByText('Paso dos')).toBeInTheDocument();
    expect(screen.getByText('Elección sede norte')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Atrás del navegador' }));
    expect(await screen.findByText('Paso uno')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Adelante del navegador' }));
    expect(await screen.findByText('Paso dos')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Atrás del navegador' }));
    await user.click(screen.getByRole('button', { name: 'Atrás del navegador' }));
    expect(await screen.findByText('Servicios')).toBeInTheDocument();
  });
});
