import { describe, expect, it } from 'vitest';
import { twilioSignature, verifyTwilioSignature } from './twilio-signature.ts';

// The worked example from Twilio's webhook security documentation.
const token = '12345';
const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
const params: Array<[string, string]> = [
  ['CallSid', 'CA1234567890ABCDE'],
  ['Caller', '+14158675310'],
  ['Digits', '1234'],
  ['From', '+14158675310'],
  ['To', '+18005551212'],
];

describe('Twilio request signature', () => {
  it("matches Twilio's documented example", () => {
    expect(twilioSignature(token, url, params)).toBe('GvWf1cFY/Q7PnoempGyD5oXAezc=');
  });

  it('does not depend on the order the parameters arrive in', () => {
    expect(twilioSignature(token, url, [...params].reverse())).toBe(twilioSignature(token, url, params));
  });

  it('verifies a good header and refuses a bad, empty or missing one', () => {
    const good = twilioSignature(token, url, params);
    expect(verifyTwilioSignature(token, url, params, good)).toBe(true);
    expect(verifyTwilioSignature(token, url, params, good.slice(0, -2) + 'A=')).toBe(false);
    expect(verifyTwilioSignature(token, url, params, '')).toBe(false);
    expect(verifyTwilioSignature(token, url, params, undefined)).toBe(false);
    expect(verifyTwilioSignature('other', url, params, good)).toBe(false);
    expect(verifyTwilioSignature(token, url + '&x=1', params, good)).toBe(false);
    expect(verifyTwilioSignature(token, url, [...params, ['Body', 'hi']], good)).toBe(false);
    expect(verifyTwilioSignature('', url, params, good)).toBe(false);
  });
});
