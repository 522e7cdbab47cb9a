import { describe, expect, it } from 'vitest';
import { kycRejectionText } from './kyc.ts';

describe('KYC rejection text', () => {
  it("ends the reviewer's reason with exactly one stop", () => {
    expect(kycRejectionText('Photo is blurry')).toBe('Reason: Photo is blurry. Please upload a new one.');
    expect(kycRejectionText('Photo is blurry.')).toBe('Reason: Photo is blurry. Please upload a new one.');
    expect(kycRejectionText('  Expired ID...  ')).toBe('Reason: Expired ID. Please upload a new one.');
    expect(kycRejectionText('Is this your card?')).toBe('Reason: Is this your card? Please upload a new one.');
  });
});
