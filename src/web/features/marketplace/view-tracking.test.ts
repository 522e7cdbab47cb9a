import { describe, expect, it, vi } from 'vitest';
import { trackView } from './view-tracking.ts';

const flush = () => new Promise((r) => setTimeout(r, 0));

function setup(startResult: Promise<string | null>, beaconOk = true) {
  let t = 1_000_000;
  const calls = {
    start: vi.fn(() => startResult),
    finish: vi.fn(),
    beacon: vi.fn(() => beaconOk),
    now: () => t,
  };
  return { calls, advance: (ms: number) => (t += ms), view: trackView(calls) };
}

describe('secure view tracking', () => {
  it('starts once and sends the time once on leave, at least one second', async () => {
    const { calls, view, advance } = setup(Promise.resolve('v1'));
    await flush();
    advance(200);
    view.leave();
    view.leave();
    expect(calls.start).toHaveBeenCalledTimes(1);
    expect(calls.finish).toHaveBeenCalledTimes(1);
    expect(calls.finish).toHaveBeenCalledWith('v1', 1);
    expect(calls.beacon).not.toHaveBeenCalled();
  });

  it('uses the beacon on unload and does not PATCH as well', async () => {
    const { calls, view, advance } = setup(Promise.resolve('v2'));
    await flush();
    advance(42_400);
    view.leave(true);
    view.leave(false);
    expect(calls.beacon).toHaveBeenCalledWith('v2', 42);
    expect(calls.finish).not.toHaveBeenCalled();
  });

  it('falls back to PATCH when the browser refuses the beacon', async () => {
    const { calls, view, advance } = setup(Promise.resolve('v3'), false);
    await flush();
    advance(5_000);
    view.leave(true);
    expect(calls.finish).toHaveBeenCalledWith('v3', 5);
  });

  it('sends the time measured at leaving once a slow start answers', async () => {
    let resolve!: (id: string) => void;
    const { calls, view, advance } = setup(new Promise<string>((r) => (resolve = r)));
    advance(3_000);
    view.leave();
    advance(10_000);
    expect(calls.finish).not.toHaveBeenCalled();
    resolve('v4');
    await flush();
    expect(calls.finish).toHaveBeenCalledWith('v4', 3);
  });

  it('sends nothing when the start failed', async () => {
    const { calls, view } = setup(Promise.resolve(null));
    await flush();
    view.leave(true);
    expect(calls.finish).not.toHaveBeenCalled();
    expect(calls.beacon).not.toHaveBeenCalled();
  });
});
