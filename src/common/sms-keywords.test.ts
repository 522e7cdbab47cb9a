import { describe, expect, it } from 'vitest';
import { OPT_IN_KEYWORDS, OPT_OUT_KEYWORDS, optKeyword } from './sms-keywords.ts';

// Twilio's default opt-out and opt-in keywords (Advanced Opt-Out defaults).
const TWILIO_OPT_OUT = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT'];
const TWILIO_OPT_IN = ['START', 'YES', 'UNSTOP'];

const variants = (word: string) => [word, word.toLowerCase(), word[0] + word.slice(1).toLowerCase(), `  ${word}  `, `\t${word.toLowerCase()}\n`];

describe('SMS reply keywords', () => {
  it('the lists are exactly the ones Twilio acts on by default', () => {
    expect([...OPT_OUT_KEYWORDS].sort()).toEqual([...TWILIO_OPT_OUT].sort());
    expect([...OPT_IN_KEYWORDS].sort()).toEqual([...TWILIO_OPT_IN].sort());
  });

  it.each(TWILIO_OPT_OUT)('%s opts out, in any case and with white space around it', (word) => {
    for (const body of variants(word)) expect(optKeyword(body), JSON.stringify(body)).toBe('opt_out');
  });

  it.each(TWILIO_OPT_IN)('%s opts back in, in any case and with white space around it', (word) => {
    for (const body of variants(word)) expect(optKeyword(body), JSON.stringify(body)).toBe('opt_in');
  });

  it.each([['Please stop by tomorrow'], ['STOP IT'], ['stopp'], ['S TOP'], ['yes please'], ['OPT OUT'], ['HELP'], [''], ['   ']])(
    '%j is not a keyword',
    (body) => {
      expect(optKeyword(body)).toBeNull();
    },
  );
});
