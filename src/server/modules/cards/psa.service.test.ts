import { describe, expect, it } from 'vitest';
import { normalisePsaCert, HttpPsaProvider } from '#server/providers/psa/psa.http.ts';
import { PsaError } from '#server/providers/psa/psa.provider.ts';
import { mapLimit, psaDifferences } from './psa.service.ts';
import { prefixQuery } from './cards.queries.ts';

const cert = normalisePsaCert(
  '12345678',
  { Year: '1986', Brand: 'FLEER', Subject: 'MICHAEL JORDAN', CardGrade: 'MINT 9', TotalPopulation: 8000, PopulationHigher: 320, Variety: '' },
  { front: null, back: null },
);

describe('PSA', () => {
  it('normalises PSA’s fields, blanks to null', () => {
    expect(cert).toMatchObject({
      certNumber: '12345678',
      year: '1986',
      subject: 'MICHAEL JORDAN',
      grade: 'MINT 9',
      variety: null,
      totalPopulation: 8000,
      populationHigher: 320,
      category: null,
    });
  });

  it('compares grade by its number and the player by letters only', () => {
    expect(psaDifferences({ grade: 'Mint 9', subject: 'Michael Jordan' }, cert)).toEqual([]);
    expect(psaDifferences({ grade: 'GEM MT 10', subject: 'Michael  jordan.' }, cert)).toEqual([{ field: 'grade', card: 'GEM MT 10', psa: 'MINT 9' }]);
    expect(psaDifferences({ grade: 'MINT 9', subject: 'Scottie Pippen' }, cert)).toEqual([
      { field: 'subject', card: 'Scottie Pippen', psa: 'MICHAEL JORDAN' },
    ]);
  });

  it('maps PSA’s answers: 401 unauthorized, quota text, other failures, not found', async () => {
    const answer = (status: number, body: string) =>
      new HttpPsaProvider({ baseUrl: 'https://psa.test', token: 't', fetch: async () => new Response(body, { status }) });
    await expect(answer(401, '').getCert('1')).rejects.toMatchObject({ kind: 'unauthorized' });
    await expect(answer(500, 'API call quota exceeded').getCert('1')).rejects.toMatchObject({ kind: 'quota' });
    await expect(answer(429, '').getCert('1')).rejects.toMatchObject({ kind: 'quota' });
    await expect(answer(502, 'Bad gateway').getCert('1')).rejects.toMatchObject({ kind: 'unavailable' });
    await expect(answer(200, '<html>').getCert('1')).rejects.toBeInstanceOf(PsaError);
    expect(await answer(200, '{"IsValidRequest":true,"ServerMessage":"No data found"}').getCert('1')).toEqual({
      found: false,
      message: 'No data found',
    });
    await expect(new HttpPsaProvider({ baseUrl: 'https://psa.test' }).getCert('1')).rejects.toMatchObject({ kind: 'not_configured' });
  });

  it('sends the bearer token to the two documented paths', async () => {
    const calls: { url: string; auth: string | null }[] = [];
    const p = new HttpPsaProvider({
      baseUrl: 'https://psa.test/publicapi/',
      token: 'tok',
      fetch: async (url, init) => {
        calls.push({ url: String(url), auth: new Headers(init?.headers).get('authorization') });
        return String(url).includes('Images')
          ? Response.json([
              { IsFrontImage: true, ImageURL: 'https://img.test/f.jpg' },
              { IsFrontImage: false, ImageURL: 'javascript:alert(1)' },
            ])
          : Response.json({ PSACert: { CertNumber: '42', Subject: 'X', CardGrade: 'NM 7' } });
      },
    });
    const r = await p.getCert('42');
    expect(calls).toEqual([
      { url: 'https://psa.test/publicapi/cert/GetByCertNumber/42', auth: 'bearer tok' },
      { url: 'https://psa.test/publicapi/cert/GetImagesByCertNumber/42', auth: 'bearer tok' },
    ]);
    expect(r.found && r.cert).toMatchObject({ imageFrontUrl: 'https://img.test/f.jpg', imageBackUrl: null });
  });

  it('mapLimit keeps order and the bound', async () => {
    let running = 0;
    let peak = 0;
    const out = await mapLimit([5, 1, 4, 2, 3, 6, 7], 3, async (n) => {
      peak = Math.max(peak, ++running);
      await new Promise((r) => setTimeout(r, n));
      running--;
      return n * 2;
    });
    expect(out).toEqual([10, 2, 8, 4, 6, 12, 14]);
    expect(peak).toBe(3);
  });

  it('turns a search into a safe prefix query', () => {
    expect(prefixQuery("Griffey Jr. '; drop")).toBe('griffey:* & jr:* & drop:*');
    expect(prefixQuery('!!!')).toBeNull();
  });
});
