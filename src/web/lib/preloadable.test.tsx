import { Suspense, act } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { preloadable } from './preloadable.tsx';

function Hello({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('preloadable', () => {
  it('renders without suspending once preloaded', async () => {
    const load = vi.fn(async () => ({ default: Hello }));
    const Page = preloadable(load);
    await Page.preload();
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page name="Ada" />
      </Suspense>,
    );
    // No fallback, not even for one commit: the content is there synchronously.
    expect(screen.getByText('Hello Ada')).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('suspends like React.lazy when not loaded yet, and loads once', async () => {
    let resolve!: (m: { default: typeof Hello }) => void;
    const load = vi.fn(() => new Promise<{ default: typeof Hello }>((r) => (resolve = r)));
    const Page = preloadable(load);
    render(
      <Suspense fallback={<p>loading</p>}>
        <Page name="Grace" />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    void Page.preload();
    await act(async () => resolve({ default: Hello }));
    expect(await screen.findByText('Hello Grace')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
    expect(Page.isLoaded()).toBe(true);
  });

  it('lets a failed load be tried again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValueOnce({ default: Hello });
    const Page = preloadable(load);
    await expect(Page.preload()).rejects.toThrow('chunk failed');
    await Page.preload();
    expect(Page.isLoaded()).toBe(true);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
