import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { PhoneInput } from './phone-input.tsx';
import { COUNTRY_SEARCH_DEBOUNCE_MS } from './country-picker.tsx';
import { createQueryClient } from '#web/lib/query-client.ts';

beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Harness({ onValue, allowLongNumbers }: { onValue: (v: string) => void; allowLongNumbers?: boolean }) {
  const [value, setValue] = useState('');
  return (
    <QueryClientProvider client={createQueryClient()}>
      <label htmlFor="p">Phone</label>
      <PhoneInput
        id="p"
        value={value}
        defaultCountry="US"
        allowLongNumbers={allowLongNumbers}
        onChange={(v) => {
          setValue(v);
          onValue(v);
        }}
      />
    </QueryClientProvider>
  );
}

const field = () => screen.getByLabelText('Phone') as HTMLInputElement;

describe('PhoneInput', () => {
  it('is a tel field that formats digits for the country and gives E.164', () => {
    const onValue = vi.fn();
    render(<Harness onValue={onValue} />);
    expect(field().type).toBe('tel');
    fireEvent.change(field(), { target: { value: '2125550103' } });
    expect(field().value).toBe('(212) 555-0103');
    expect(onValue).toHaveBeenLastCalledWith('+12125550103');
  });

  it('stops at 15 digits unless long numbers are allowed', () => {
    const onValue = vi.fn();
    render(<Harness onValue={onValue} />);
    fireEvent.change(field(), { target: { value: '12345678901234567' } });
    expect(field().value.replace(/\D/g, '')).toHaveLength(15);
    cleanup();
    render(<Harness onValue={onValue} allowLongNumbers />);
    fireEvent.change(field(), { target: { value: '12345678901234567' } });
    expect(field().value.replace(/\D/g, '')).toHaveLength(17);
  });

  it('switches country when an international number is typed', () => {
    const onValue = vi.fn();
    render(<Harness onValue={onValue} />);
    fireEvent.change(field(), { target: { value: '+442079460958' } });
    expect(onValue).toHaveBeenLastCalledWith('+442079460958');
    expect(screen.getByRole('button', { name: /Country: United Kingdom \(\+44\)/ })).toBeTruthy();
  });

  it('lists preferred countries first and debounces the search by 250 ms', () => {
    vi.useFakeTimers();
    render(<Harness onValue={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: /Country: United States/ }));
    const options = () => screen.getAllByRole('option').map((o) => o.textContent ?? '');
    expect(
      options()
        .slice(0, 7)
        .map((t) => t.replace(/[^A-Za-z ]/g, '').trim()),
    ).toEqual(['United States', 'Canada', 'Italy', 'United Kingdom', 'Germany', 'France', 'Spain']);
    fireEvent.change(screen.getByRole('combobox', { name: 'Search countries' }), { target: { value: 'switz' } });
    act(() => vi.advanceTimersByTime(COUNTRY_SEARCH_DEBOUNCE_MS - 10));
    expect(options().length).toBeGreaterThan(100);
    act(() => vi.advanceTimersByTime(20));
    expect(options()).toHaveLength(1);
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Search countries' }), { key: 'Enter' });
    expect(screen.getByRole('button', { name: /Country: Switzerland \(\+41\)/ })).toBeTruthy();
  });
});
