import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WhenVisible } from './when-visible.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('WhenVisible', () => {
  it('holds the section back until its spot nears the viewport, then renders it for good', () => {
    let notify: ((entries: { isIntersecting: boolean }[]) => void) | undefined;
    const disconnect = vi.fn();
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(cb: (entries: { isIntersecting: boolean }[]) => void) {
          notify = cb;
        }
        observe() {}
        disconnect = disconnect;
      },
    );
    render(
      <WhenVisible>
        <p>Heavy chart</p>
      </WhenVisible>,
    );
    expect(screen.queryByText('Heavy chart')).toBeNull();
    act(() => notify?.([{ isIntersecting: false }]));
    expect(screen.queryByText('Heavy chart')).toBeNull();
    act(() => notify?.([{ isIntersecting: true }]));
    expect(screen.getByText('Heavy chart')).toBeTruthy();
    expect(disconnect).toHaveBeenCalled();
  });

  it('renders at once where the browser cannot observe', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <WhenVisible>
        <p>Heavy chart</p>
      </WhenVisible>,
    );
    expect(screen.getByText('Heavy chart')).toBeTruthy();
  });
});
