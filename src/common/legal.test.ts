import { describe, expect, it } from 'vitest';
import { legalMessages, legalPreviewInputSchema } from './legal.ts';

describe('legal messages', () => {
  it('states the document limit grouped by thousands, as en-US writes it', () => {
    expect(legalMessages.markdownTooLong).toBe(`The document is longer than ${(100_000).toLocaleString('en-US')} characters`);
    expect(legalPreviewInputSchema.safeParse({ markdown: 'x'.repeat(100_001) }).error?.issues[0].message).toBe(legalMessages.markdownTooLong);
  });
});
