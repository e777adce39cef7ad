import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { WaitMessage, retryAt, waitDuration } from './WaitMessage.tsx';

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

  it('states long waits in minutes (the hourly "Actualizar")', () => {
    expect(waitDuration(119)).toBe('119 segundos');
    expect(waitDuration(120)).toBe('2 minutos');
    expect(waitDuration(3599)).toBe('60 minutos');
    expect(waitDuration(3000)).toBe('50 minutos');
  });

  it('reads Retry-After of a 429 only', () => {
    expect(retryAt(new ApiError(429, {}, 42), 1000)).toBe(43_000);
    expect(retryAt(new ApiError(429, {}, null), 1000)).toBeNull();
    expect(retryAt(new ApiError(400, {}, 42), 1000)).toBeNull();
    expect(retryAt(new Error('x'), 1000)).toBeNull();
  });
});
