import { describe, expect, it } from 'vitest';
import { createHook } from './hooks.ts';

describe('createHook', () => {
  it('runs a listener registered by two apps once, until both have removed it', () => {
    const hook = createHook<'sale' | 'loan', () => void>();
    const saleListener = () => {};
    const offA = hook.on('sale', saleListener);
    const offB = hook.on('sale', saleListener);
    expect(hook.handlers('sale')).toEqual([saleListener]);
    expect(hook.handlers('loan')).toEqual([]);
    offA();
    offA(); // a second call of one removal changes nothing
    expect(hook.handlers('sale')).toEqual([saleListener]);
    offB();
    expect(hook.handlers('sale')).toEqual([]);
  });

  it('keeps listeners in registration order', () => {
    const hook = createHook<null, string>();
    hook.on(null, 'first');
    hook.on(null, 'second');
    expect(hook.handlers(null)).toEqual(['first', 'second']);
  });
});
