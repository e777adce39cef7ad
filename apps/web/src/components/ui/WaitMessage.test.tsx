import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { WaitMessage, liveWaitText, retryAt } from './WaitMessage.tsx';

afterEach(() => {
  vi.useRealTimers();
});

describe('WaitMessage', () => {
  it('counts the seconds left down to a ready message', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-24T12:00:00Z'));
    render(
      <WaitMessage text="Debes esperar antes de solicitar un nuevo código." until={Date.now() + 3000} />,
    );
    expect(screen.getByText(/Podrás intentarlo de nuevo en 3 segundos\./)).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(2000));
    expect(screen.getByText(/en 1 segundo\./)).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(1000));
    expect(screen.getByText('Ya puedes intentarlo de nuevo.')).toBeInTheDocument();
  });

  it('states one wait, the live one, in minutes over 90 s (issue 36)', () => {
    const text = 'Solicitaste demasiados códigos. Intenta de nuevo en 48 minutos.';
    expect(liveWaitText(text, 2855)).toBe(text);
    expect(liveWaitText(text, 91)).toBe('Solicitaste demasiados códigos. Intenta de nuevo en 2 minutos.');
    expect(liveWaitText(text, 90)).toBe('Solicitaste demasiados códigos. Intenta de nuevo en 90 segundos.');
    expect(liveWaitText(text, 0)).toBe('Ya puedes intentarlo de nuevo.');
    expect(liveWaitText('Espera.', 3000)).toBe('Espera. Podrás intentarlo de nuevo en 50 minutos.');
  });

  it('counts a wait the server wrote down in place', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-24T12:00:00Z'));
    render(<WaitMessage text="Debes esperar 3 segundos antes de pedir otro." until={Date.now() + 3000} />);
    expect(screen.getByText('Debes esperar 3 segundos antes de pedir otro.')).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(2000));
    expect(screen.getByText('Debes esperar 1 segundo antes de pedir otro.')).toBeInTheDocument();
  });

  it('reads Retry-After of a 429 only', () => {
    expect(retryAt(new ApiError(429, {}, 42), 1000)).toBe(43_000);
    expect(retryAt(new ApiError(429, {}, null), 1000)).toBeNull();
    expect(retryAt(new ApiError(400, {}, 42), 1000)).toBeNull();
    expect(retryAt(new Error('x'), 1000)).toBeNull();
  });
});
