import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const load = async () => {
  vi.resetModules();
  return import('./content-ready.ts');
};

describe('content ready', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('holds what waits until the first page has rendered', async () => {
    const { whenContentReady, markContentReady } = await load();
    let done = false;
    void whenContentReady().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(done).toBe(false);
    markContentReady();
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(false); // not before the page's render has been painted
    await vi.advanceTimersByTimeAsync(16); // the frame that paints it
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(20); // the frame after
    expect(done).toBe(true);
  });

  it('lets go after a few seconds when no page renders', async () => {
    const { whenContentReady } = await load();
    let done = false;
    void whenContentReady().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(3_900);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(done).toBe(true);
  });
});
