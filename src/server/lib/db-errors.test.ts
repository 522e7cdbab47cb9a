import { describe, expect, it } from 'vitest';
import { isUniqueViolation } from './db-errors.ts';

describe('isUniqueViolation', () => {
  it("finds PostgreSQL's 23505 on the error or a cause a few levels down", () => {
    expect(isUniqueViolation(Object.assign(new Error('dup'), { code: '23505' }))).toBe(true);
    const driver = Object.assign(new Error('duplicate key'), { code: '23505' });
    expect(isUniqueViolation(new Error('Failed query', { cause: new Error('wrapped', { cause: driver }) }))).toBe(true);
  });

  it('is false for other codes, plain errors and non-errors', () => {
    expect(isUniqueViolation(Object.assign(new Error('fk'), { code: '23503' }))).toBe(false);
    expect(isUniqueViolation(new Error('boom'))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
    expect(isUniqueViolation('23505')).toBe(false);
  });
});
