import { describe, expect, it } from 'vitest';
import { ConsoleSmsProvider } from './console.ts';
import { MemorySmsProvider } from './memory.ts';
import { redactBody } from './sms.service.ts';

describe('redactBody', () => {
  it('masks the given secret wherever it appears', () => {
    expect(redactBody('Code 123456, again 123456', 'manual', '123456')).toBe('Code ••••••, again ••••••');
  });
  it('masks any code in an OTP message even without the secret', () => {
    expect(redactBody('Your verification code is 004211.', 'otp')).toBe('Your verification code is ••••••.');
  });
  it('leaves other messages alone', () => {
    expect(redactBody('Your loan of $2500 is approved', 'loan_updated')).toBe('Your loan of $2500 is approved');
  });
});

describe('local SMS adapters', () => {
  it('console prints the message and answers sent', async () => {
    const lines: string[] = [];
    const p = new ConsoleSmsProvider((l) => lines.push(l));
    const r = await p.send({ to: '+12125550101', body: 'hi' });
    expect(r.status).toBe('sent');
    expect(lines.join('')).toContain('+12125550101');
  });
  it('memory keeps messages, finds the last code, and can fail on demand', async () => {
    const p = new MemorySmsProvider();
    await p.send({ to: '+1', body: 'code 111111' });
    await p.send({ to: '+1', body: 'code 222222' });
    expect(p.lastCodeFor('+1')).toBe('222222');
    expect(p.lastCodeFor('+2')).toBeUndefined();
    p.failNext();
    await expect(p.send({ to: '+1', body: 'x' })).rejects.toThrow();
    await expect(p.send({ to: '+1', body: 'x' })).resolves.toMatchObject({ status: 'sent' });
  });
});
