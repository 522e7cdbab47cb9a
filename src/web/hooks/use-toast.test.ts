import { describe, expect, it } from 'vitest';
import { reducer, TOAST_LIMIT, TOAST_REMOVE_DELAY, type ToastData } from './use-toast.ts';

const t = (id: string): ToastData => ({ id, title: id, open: true });

describe('toast reducer', () => {
  it('keeps one toast at a time, newest first', () => {
    expect(TOAST_LIMIT).toBe(1);
    let s = reducer({ toasts: [] }, { type: 'ADD', toast: t('a') });
    s = reducer(s, { type: 'ADD', toast: t('b') });
    expect(s.toasts.map((x) => x.id)).toEqual(['b']);
  });
  it('dismissing closes without removing; removal is separate', () => {
    let s = reducer({ toasts: [t('a')] }, { type: 'DISMISS', id: 'a' });
    expect(s.toasts[0].open).toBe(false);
    s = reducer(s, { type: 'REMOVE', id: 'a' });
    expect(s.toasts).toEqual([]);
  });
  it('removes dismissed toasts after 1,000,000 ms', () => {
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
  });
});
