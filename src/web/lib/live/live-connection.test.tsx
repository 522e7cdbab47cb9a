import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveStatusDot, retrying, setLiveState } from './live-connection.tsx';

afterEach(() => {
  cleanup();
  setLiveState('closed');
});

describe('LiveStatusDot', () => {
  it('shows a change made after it rendered and before it subscribed (the socket opening mid-render)', () => {
    setLiveState('connecting');
    // Rendered after the dot in the same pass: the state changes once the dot has read it, before
    // any effect has run, as when the socket's message lands between a transition's slices.
    function OpensDuringRender() {
      setLiveState('open');
      return null;
    }
    render(
      <>
        <LiveStatusDot />
        <OpensDuringRender />
      </>,
    );
    expect(screen.getByTitle('Live updates on').dataset.liveState).toBe('open');
  });

  it('follows later changes and stops listening once unmounted', () => {
    const { unmount } = render(<LiveStatusDot />);
    expect(screen.getByTitle('Live updates off')).toBeTruthy();
    act(() => setLiveState('reconnecting'));
    expect(screen.getByTitle('Reconnecting to live updates').dataset.liveState).toBe('reconnecting');
    unmount();
    expect(() => setLiveState('open')).not.toThrow();
  });
});

describe('retrying', () => {
  it('asks again after a failed load, waiting longer each time', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('chunk')).mockRejectedValueOnce(new Error('chunk')).mockResolvedValue('ok');
    const waits: number[] = [];
    await expect(
      retrying(
        load,
        () => false,
        async (ms) => void waits.push(ms),
      ),
    ).resolves.toBe('ok');
    expect(load).toHaveBeenCalledTimes(3);
    expect(waits).toEqual([1_000, 2_000]);
  });

  it('gives up with the error once cancelled', async () => {
    const load = vi.fn().mockRejectedValue(new Error('chunk'));
    await expect(retrying(load, () => true)).rejects.toThrow('chunk');
    expect(load).toHaveBeenCalledTimes(1);
  });
});
