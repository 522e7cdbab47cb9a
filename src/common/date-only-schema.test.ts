import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dateOnlySchema } from './date-only-schema.ts';
import { invoiceSchema } from './money.ts';

describe('date-only values in the API', () => {
  it('take a real calendar day, and refuse instants and impossible days', () => {
    expect(dateOnlySchema.safeParse('2026-12-08').success).toBe(true);
    expect(dateOnlySchema.safeParse('2026-02-30').success).toBe(false);
    expect(dateOnlySchema.safeParse('2026-12-08T00:00:00.000Z').success).toBe(false);
    expect(dateOnlySchema.safeParse('Dec 8, 2026').success).toBe(false);
  });

  it('are `format: date` in the API reference (an invoice’s due date)', () => {
    const json = z.toJSONSchema(invoiceSchema) as { properties: Record<string, { format?: string }> };
    expect(json.properties.dueDate.format).toBe('date');
  });
});
