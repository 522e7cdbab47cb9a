import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  accessRequestMessages as m,
  accessRequestSchema,
  adminAccessRequestsQuerySchema,
  cleanInstagram,
  emptyAccessRequest,
  reviewAccessRequestSchema,
} from './access-request.ts';

const valid = {
  phone: '+1 212 555 0177',
  instagram: '@slab.hunter',
  referral: '',
  termsAccepted: true,
  privacyAccepted: true,
  marketingOptIn: false,
  smsOptIn: true,
};

function fieldErrors(input: unknown) {
  const r = accessRequestSchema.safeParse(input);
  if (r.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of r.error.issues) (out[issue.path.join('.') || '_'] ??= []).push(issue.message);
  return out;
}

describe('access request schema (spec §5)', () => {
  it('accepts a complete request and normalises it', () => {
    expect(accessRequestSchema.parse(valid)).toEqual({
      phone: '+12125550177',
      instagram: 'slab.hunter',
      referral: null,
      termsAccepted: true,
      privacyAccepted: true,
      marketingOptIn: false,
      smsOptIn: true,
    });
  });

  it('needs a phone of at least 10 characters', () => {
    expect(fieldErrors({ ...valid, phone: '212555' }).phone).toEqual([m.phoneMin]);
    expect(fieldErrors({ ...valid, phone: '' }).phone).toEqual([m.phoneMin]);
    expect(fieldErrors({ ...valid, phone: undefined }).phone).toEqual([m.phoneMin]);
    expect(m.phoneMin).toBe('Phone number must be at least 10 digits');
  });

  it('refuses a long string that is not a phone number', () => {
    expect(fieldErrors({ ...valid, phone: 'abcdefghijkl' }).phone).toEqual(['Please enter a valid phone number']);
  });

  it('needs the terms and the privacy policy accepted', () => {
    const errs = fieldErrors({ ...valid, termsAccepted: false, privacyAccepted: false });
    expect(errs.termsAccepted).toEqual(['You must accept the Terms of Use to continue']);
    expect(errs.privacyAccepted).toEqual(['You must accept the Privacy and Cookie Policy to continue']);
    const missing = fieldErrors({ phone: valid.phone, instagram: 'x' });
    expect(missing.termsAccepted).toEqual([m.terms]);
    expect(missing.privacyAccepted).toEqual([m.privacy]);
  });

  it('needs Instagram or a referral, reported on the instagram field', () => {
    expect(fieldErrors({ ...valid, instagram: '', referral: '' }).instagram).toEqual(['Either Instagram username or Referral is required']);
    expect(fieldErrors({ ...valid, instagram: ' @ ', referral: '  ' }).instagram).toEqual([m.instagramOrReferral]);
    expect(accessRequestSchema.parse({ ...valid, instagram: '', referral: 'Sam at the Dallas show' })).toMatchObject({
      instagram: null,
      referral: 'Sam at the Dallas show',
    });
  });

  it('reports every problem at once, as the form shows them', () => {
    const errs = fieldErrors(emptyAccessRequest);
    expect(errs).toEqual({
      phone: [m.phoneMin],
      instagram: [m.instagramOrReferral],
      termsAccepted: [m.terms],
      privacyAccepted: [m.privacy],
    });
  });

  it('checks the Instagram username and the referral length', () => {
    expect(fieldErrors({ ...valid, instagram: 'bad name!' }).instagram).toEqual([m.instagramFormat]);
    expect(fieldErrors({ ...valid, instagram: 'a'.repeat(31) }).instagram).toEqual([m.instagramFormat]);
    expect(fieldErrors({ ...valid, referral: 'r'.repeat(201) }).referral).toEqual([m.referralMax]);
  });

  it('defaults the optional consents to false', () => {
    const { marketingOptIn: _a, smsOptIn: _b, ...rest } = valid;
    expect(accessRequestSchema.parse(rest)).toMatchObject({ marketingOptIn: false, smsOptIn: false });
  });

  it('refuses wrong types without throwing', () => {
    expect(accessRequestSchema.safeParse(null).success).toBe(false);
    expect(accessRequestSchema.safeParse({ ...valid, termsAccepted: 'yes' }).success).toBe(false);
    expect(accessRequestSchema.safeParse({ ...valid, instagram: 42 }).success).toBe(false);
  });
});

describe('cleanInstagram', () => {
  it('strips the @, a profile URL and spaces', () => {
    expect(cleanInstagram(' @@card.king ')).toBe('card.king');
    expect(cleanInstagram('https://www.instagram.com/card_king/')).toBe('card_king');
    expect(cleanInstagram('')).toBe('');
  });
});

describe('admin contracts', () => {
  it('reads the list query', () => {
    expect(adminAccessRequestsQuerySchema.parse({})).toEqual({ page: 1 });
    expect(adminAccessRequestsQuerySchema.parse({ status: 'all', page: '3', q: ' ann ' })).toEqual({ page: 3, q: 'ann' });
    expect(adminAccessRequestsQuerySchema.safeParse({ status: 'maybe' }).success).toBe(false);
  });

  it('reads a review', () => {
    expect(reviewAccessRequestSchema.parse({ status: 'approved' })).toEqual({ status: 'approved', note: null, notify: false });
    expect(reviewAccessRequestSchema.parse({ status: 'rejected', note: '  dup ', notify: true })).toEqual({
      status: 'rejected',
      note: 'dup',
      notify: true,
    });
    expect(reviewAccessRequestSchema.safeParse({ status: 'pending' }).success).toBe(false);
    expect(reviewAccessRequestSchema.safeParse({ status: 'approved', extra: 1 }).success).toBe(false);
  });
});

describe('one contract for the form and the server', () => {
  it('takes empty string, null and a missing field alike as "not given"', () => {
    const base = { phone: valid.phone, termsAccepted: true, privacyAccepted: true };
    for (const missing of [{ referral: '' }, { referral: null }, {}]) {
      expect(accessRequestSchema.parse({ ...base, instagram: 'slab.hunter', ...missing }).referral).toBeNull();
    }
    for (const missing of [{ instagram: '' }, { instagram: null }, {}]) {
      const out = accessRequestSchema.parse({ ...base, referral: 'Dana Whitfield', ...missing });
      expect(out).toMatchObject({ instagram: null, referral: 'Dana Whitfield' });
    }
  });

  it('whatever the form accepts (and submits as its parsed values), the server accepts the same', () => {
    const text = fc.oneof(
      fc.constant(''),
      fc.constant(null),
      fc.constant(undefined),
      fc.stringMatching(/^@?[A-Za-z0-9._]{1,30}$/),
      fc.string({ maxLength: 220 }),
    );
    fc.assert(
      fc.property(
        fc.record({
          phone: fc.constantFrom('+1 212 555 0177', '2125550177', '+44 20 7946 0958', '41555'),
          instagram: text,
          referral: text,
          termsAccepted: fc.boolean(),
          privacyAccepted: fc.boolean(),
          marketingOptIn: fc.boolean(),
          smsOptIn: fc.boolean(),
        }),
        (input) => {
          const form = accessRequestSchema.safeParse(input);
          if (!form.success) return;
          // The dialog posts the form's parsed values; JSON drops undefined and keeps null.
          const sent = JSON.parse(JSON.stringify(form.data)) as unknown;
          const server = accessRequestSchema.safeParse(sent);
          expect(server.success ? server.data : server.error.issues).toEqual(form.data);
        },
      ),
      { numRuns: 500 },
    );
  });
});
