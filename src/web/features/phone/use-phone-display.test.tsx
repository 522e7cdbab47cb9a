import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePhoneDisplay } from './use-phone-display.ts';

const loaded = vi.hoisted(() => ({ count: 0 }));
vi.mock('#web/lib/content-ready.ts', () => ({ whenContentReady: () => Promise.resolve() }));
vi.mock('#common/phone-display.ts', async (original) => {
  loaded.count++;
  return original();
});

function Phone({ value }: { value: string | null }) {
  return <p data-testid="phone">{usePhoneDisplay(value)}</p>;
}

afterEach(cleanup);

describe('usePhoneDisplay', () => {
  it('writes a North American number at once, without the phone library', async () => {
    render(<Phone value="+12125550101" />);
    expect(screen.getByTestId('phone').textContent).toBe('+1 212 555 0101');
    await new Promise((r) => setTimeout(r, 50)); // time enough for a load the hook should not start
    expect(loaded.count).toBe(0);
  });

  it('shows any other number as stored until the library has loaded, then formatted', async () => {
    render(<Phone value="+447911123456" />);
    expect(screen.getByTestId('phone').textContent).toBe('+447911123456');
    expect(await screen.findByText('+44 7911 123456')).toBeTruthy();
    expect(loaded.count).toBe(1);
  });

  it('shows nothing for no phone', () => {
    render(<Phone value={null} />);
    expect(screen.getByTestId('phone').textContent).toBe('');
  });
});
