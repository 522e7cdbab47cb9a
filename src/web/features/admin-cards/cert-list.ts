import { isCertNumber } from '#common/cards.ts';

export interface ParsedCertList {
  /** Distinct certificate numbers in the order pasted. */
  certs: string[];
  /** Entries that are not 1–10 digits, as typed. */
  invalid: string[];
  /** How many repeats were dropped. */
  duplicates: number;
}

/**
 * A pasted list of certificate numbers: one per line, or separated by commas, semicolons or
 * spaces. A leading "#" and surrounding quotes are ignored (lists copied from spreadsheets).
 */
export function parseCertList(text: string): ParsedCertList {
  const certs: string[] = [];
  const invalid: string[] = [];
  const seen = new Set<string>();
  let duplicates = 0;
  for (const raw of text.split(/[\s,;]+/)) {
    const entry = raw.replace(/^["']+|["']+$/g, '').replace(/^#/, '');
    if (!entry) continue;
    if (!isCertNumber(entry)) {
      invalid.push(raw);
      continue;
    }
    if (seen.has(entry)) {
      duplicates++;
      continue;
    }
    seen.add(entry);
    certs.push(entry);
  }
  return { certs, invalid, duplicates };
}
