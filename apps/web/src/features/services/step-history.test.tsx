import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useLayoutEffect, useState } from 'react';
import { Router, useLocation, useNavigate, type Navigator, type To } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render.tsx';
import { useStepHistory } from './step-history.ts';

const STEPS = ['uno', 'dos', 'tres'] as const;
type Step = (typeof STEPS)[number];

function Wizard({ stored = 'uno', chosen = null }: { stored?: Step; chosen?: string | null }) {
  const [step, setStep] = useState<Step>(stored);
  const [choice, setChoice] = useState<string | null>(chosen);
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

/** Opened from an alert ({ clave }): moves itself to 'dos', then consumes the navigation state. */
function AlertWizard() {
  const [step, setStep] = useState<Step>('uno');
  const navigate = useNavigate();
  const location = useLocation();
  const fromAlert = (location.state as { clave?: string } | null)?.clave === 'AGENDAR';
  useStepHistory(step, STEPS, setStep, () => true, fromAlert ? 'dos' : undefined);
  useLayoutEffect(() => {
    // As the RTM route does with its flow state: the alert moves the wizard before the first paint.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (fromAlert) setStep('dos');
  }, [fromAlert]);
  // The worst order: the state is consumed after the step was recorded.
  useLayoutEffect(() => {
    if (fromAlert && step === 'dos') void navigate(location.pathname, { replace: true, state: null });
  }, [fromAlert, step, navigate, location.pathname]);
  return (
    <div>
      <p>{`Paso ${step}`}</p>
      <button type="button" onClick={() => setStep('tres')}>
        Siguiente
      </button>
      <button type="button" onClick={() => void navigate(-1)}>
        Atrás del navegador
      </button>
    </div>
  );
}

describe('useStepHistory', () => {
  it('a wizard opened at a later step by an alert comes back to that step, not to its first', async () => {
    const { user } = renderRoutes(
      [
        { path: '/app/servicios/rtm', Component: AlertWizard },
        { path: '/app/alerts', Component: () => <p>Alertas</p> },
      ],
      { initialEntries: ['/app/alerts', { pathname: '/app/servicios/rtm', state: { clave: 'AGENDAR' } }] },
    );
    expect(await screen.findByText('Paso dos')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('Paso tres')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Atrás del navegador' }));
    expect(await screen.findByText('Paso dos')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Atrás del navegador' }));
    expect(await screen.findByText('Alertas')).toBeInTheDocument();
  });

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

  it('after a reload, shows the step of the history entry even when the stored flow had not caught up', async () => {
    // The browser's forward moved the wizard to 'tres' and the page was reloaded before the flow's stored copy
    // was written: the stored step is still 'dos', the entry says 'tres'.
    const { router } = renderRoutes(
      [
        { path: '/app/servicios/rtm', Component: () => <Wizard stored="dos" chosen="sede norte" /> },
        { path: '/app/servicios', Component: () => <p>Servicios</p> },
      ],
      {
        initialEntries: [
          '/app/servicios',
          { pathname: '/app/servicios/rtm', state: { flowStep: 'uno' } },
          { pathname: '/app/servicios/rtm', state: { flowStep: 'dos' } },
          { pathname: '/app/servicios/rtm', state: { flowStep: 'tres' } },
        ],
      },
    );
    expect(await screen.findByText('Paso tres')).toBeInTheDocument();
    // The entry keeps its step: nothing replaced it with the stale one.
    await waitFor(() => expect(router.state.location.state).toEqual({ flowStep: 'tres' }));
    expect(screen.getByText('Paso tres')).toBeInTheDocument();
  });

  it('after a reload, an entry whose step can no longer be shown stands for the stored step', async () => {
    const { router } = renderRoutes(
      [{ path: '/app/servicios/rtm', Component: () => <Wizard stored="dos" /> }],
      { initialEntries: [{ pathname: '/app/servicios/rtm', state: { flowStep: 'tres' } }] },
    );
    expect(await screen.findByText('Paso dos')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.state).toEqual({ flowStep: 'dos' }));
  });

  it("a step changed before the router shows the entry written for the previous one: that entry is the hook's own, not a browser move", () => {
    // A navigation is a React transition: the router's location lags the history by a render. This router shows
    // a location only when the test says, so the lag is as long as the test needs.
    const written: { state: unknown; replace: boolean }[] = [];
    const navigator: Navigator = {
      createHref: (to: To) => (typeof to === 'string' ? to : (to.pathname ?? '')),
      go: vi.fn(),
      push: (_to, state) => written.push({ state, replace: false }),
      replace: (_to, state) => written.push({ state, replace: true }),
    };
    function Stepper() {
      const [step, setStep] = useState<Step>('uno');
      useStepHistory(step, STEPS, setStep, () => true);
      return (
        <div>
          <p>{`Paso ${step}`}</p>
          <button type="button" onClick={() => setStep('dos')}>
            Siguiente
          </button>
          <button type="button" onClick={() => setStep('uno')}>
            Volver
          </button>
        </div>
      );
    }
    const at = (state: unknown) => ({
      pathname: '/app/servicios/rtm',
      search: '',
      hash: '',
      state,
      key: 'k',
    });
    const view = render(
      <Router location={at(null)} navigator={navigator}>
        <Stepper />
      </Router>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(written).toEqual([{ state: { flowStep: 'dos' }, replace: false }]);
    // 'Volver' before the router has shown the entry of 'dos': the step goes back, and that entry is replaced.
    fireEvent.click(screen.getByRole('button', { name: 'Volver' }));
    expect(written[1]).toEqual({ state: { flowStep: 'uno' }, replace: true });
    // The router shows the two entries in turn: neither moves the wizard.
    for (const entry of written.splice(0)) {
      act(() =>
        view.rerender(
          <Router location={at(entry.state)} navigator={navigator}>
            <Stepper />
          </Router>,
        ),
      );
      expect(screen.getByText('Paso uno')).toBeInTheDocument();
    }
    expect(written).toEqual([]);
  });
});
