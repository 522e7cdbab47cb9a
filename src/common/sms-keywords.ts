/**
 * The reply keywords Twilio and US carriers act on for a Messaging number. Twilio's default
 * Advanced Opt-Out settings: a reply that is exactly one of these words (any case, surrounding
 * white space ignored) stops (or restarts) every message from our number to the sender, and
 * Twilio refuses later sends (error 21610) until the opt-in word. This is the one list the app
 * keeps; the inbound webhook classifies replies with it.
 */
export const OPT_OUT_KEYWORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT'] as const;
export const OPT_IN_KEYWORDS = ['START', 'YES', 'UNSTOP'] as const;

export type OptKeyword = 'opt_out' | 'opt_in';

/** 'opt_out' or 'opt_in' when the whole reply is one keyword (case-insensitive, trimmed), else null. */
export function optKeyword(body: string): OptKeyword | null {
  const word = body.trim().toUpperCase();
  if ((OPT_OUT_KEYWORDS as readonly string[]).includes(word)) return 'opt_out';
  if ((OPT_IN_KEYWORDS as readonly string[]).includes(word)) return 'opt_in';
  return null;
}
