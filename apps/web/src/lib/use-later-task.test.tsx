import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLaterTask } from './use-later-task.ts';

function Probe() {
  const later = useLaterTask();
  return <p>{later ? 'después' : 'primero'}</p>;
}

afterEach(() => vi.useRealTimers());

describe('useLaterTask', () => {
  it('is false in the first render and true once a later task has run', async () => {
    vi.useFakeTimers();
    render(<Probe />);
    expect(screen.getByText('primero')).toBeInTheDocument();
    await act(async () => {
      await vi.runAllTimersAsync();
    });
    expect(screen.getByText('después')).toBeInTheDocument();
  });

  it('cancels its task when the component is gone before it runs', () => {
    vi.useFakeTimers();
    const { unmount } = render(<Probe />);
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
