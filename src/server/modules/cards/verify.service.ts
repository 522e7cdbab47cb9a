import { and, eq, isNull, sql } from 'drizzle-orm';
import { verifyMessages, type VerifyParams, type VerifyResponse } from '#common/verify.ts';
import type { AppContext } from '#server/context.ts';
import { cardEvents, cards, psaCerts } from '#server/db/schema/cards.ts';
import { notFound } from '#server/errors.ts';

/**
 * GET /api/verify/{grader}/{certNumber}: whether we hold a slab, whether it is in the vault and
 * since when, its grade and description as the grader states them, and when PSA last confirmed
 * it. One statement; never the owner, the value or the card's id.
 */
export async function verifyCertificate(ctx: Pick<AppContext, 'db'>, input: VerifyParams): Promise<VerifyResponse> {
  const lastEvent = (kind: string, extra = sql`true`) =>
    sql<Date | null>`(select max(${cardEvents.at}) from ${cardEvents} where ${cardEvents.cardId} = ${cards.id} and ${cardEvents.kind} = ${kind} and ${extra})`;
  const [row] = await ctx.db
    .select({
      custody: cards.custody,
      grade: cards.grade,
      year: cards.year,
      brand: cards.brand,
      subject: cards.subject,
      cardNumber: cards.cardNumber,
      variety: cards.variety,
      psa: psaCerts.data,
      inVaultSince: lastEvent('custody_changed', sql`${cardEvents.data}->>'to' = 'in_vault'`),
      registeredAt: cards.createdAt,
      lastCheckedAt: lastEvent('psa_rechecked', sql`${cardEvents.data}->>'result' = 'match'`),
    })
    .from(cards)
    .leftJoin(psaCerts, and(eq(psaCerts.certNumber, cards.certNumber), sql`${cards.grader} = 'PSA'`))
    .where(and(eq(cards.grader, input.grader), eq(cards.certNumber, input.certNumber), isNull(cards.deletedAt)))
    .limit(1);
  if (!row) throw notFound(verifyMessages.notHeld);
  const inVault = row.custody === 'in_vault';
  const psa = row.psa;
  const words = psa
    ? [psa.year, psa.brand, psa.subject, psa.cardNumber ? `#${psa.cardNumber}` : null, psa.variety]
    : [String(row.year), row.brand, row.subject, row.cardNumber ? `#${row.cardNumber}` : null, row.variety];
  const at = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);
  return {
    grader: input.grader,
    certNumber: input.certNumber,
    inVault,
    // A slab registered straight into the vault has no move to record; it has been there since.
    since: inVault ? at(row.inVaultSince ?? row.registeredAt) : null,
    grade: psa?.grade ?? row.grade,
    description: words.filter((w) => w && String(w).trim()).join(' '),
    lastCheckedAt: at(row.lastCheckedAt),
  };
}
