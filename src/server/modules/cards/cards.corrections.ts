import { eq } from 'drizzle-orm';
import { cardFieldIssues, cardLockedFields, cardMessages, gradeValueFromLabel, type CardCorrectionValues, type CardDetail } from '#common/cards.ts';
import type { SignedInActor } from '#server/context.ts';
import { cards } from '#server/db/schema/cards.ts';
import { AppError } from '#server/errors.ts';
import { inTransaction, type UnitOfWork } from '#server/lib/transition.ts';
import { audit, auditBy } from '#server/lib/audit.ts';
import type { CardsContext } from './cards.context.ts';
import { heldCardRevalued, lockCards } from './cards.holds.ts';
import { cardColumns } from './cards.queries.ts';
import { announce, appendEvent, type By, cardDetail, type CardRow } from './cards.service.ts';
import { isUniqueViolation } from '#server/lib/db-errors.ts';

/**
 * An admin's corrections and appraisals (decision 128). A held card's identity and value are
 * frozen for its owner; our team can still put a wrong grade or estimate right, with a reason
 * that goes into the provenance (`corrected`) and the audit log, and the domain holding the card
 * re-prices what depends on it.
 */

type Log = { warn: (o: object, m: string) => void };

const correctable = [...cardLockedFields, 'sport'] as const;

/** PATCH /api/admin/cards/{id}: corrects any descriptive field or the estimate, held or not. */
export async function correctCard(
  ctx: CardsContext,
  actor: SignedInActor,
  input: { id: string; correction: CardCorrectionValues; log?: Log },
): Promise<CardDetail> {
  const now = ctx.clock.now();
  const { reason, ...patch } = input.correction;
  try {
    await inTransaction(ctx, async (uow) => {
      const [row] = await lockCards(uow.tx, [input.id]);
      const next = { ...row, ...patch } as CardRow;
      if (patch.grade !== undefined && patch.gradeValue === undefined) next.gradeValue = gradeValueFromLabel(next.grade);
      const issues = cardFieldIssues(next);
      if (issues.length) {
        throw new AppError('bad_request', issues[0].message, { fieldErrors: Object.fromEntries(issues.map((i) => [i.path, [i.message]])) });
      }
      const changes: Record<string, { from: unknown; to: unknown }> = {};
      for (const k of correctable) if (next[k] !== row[k]) changes[k] = { from: row[k], to: next[k] };
      const fields = Object.keys(changes);
      if (!fields.length) throw new AppError('bad_request', 'The correction changes nothing');
      const [updated] = await uow.tx
        .update(cards)
        .set({ ...Object.fromEntries(fields.map((k) => [k, next[k as keyof CardRow]])), updatedAt: now })
        .where(eq(cards.id, row.id))
        .returning(cardColumns);
      const by = auditBy(actor);
      await appendEvent(uow.tx, by, { cardId: row.id, kind: 'corrected', data: { changes, reason }, at: now });
      await audit(uow.tx, {
        ...by,
        action: 'card.corrected',
        targetType: 'card',
        targetId: row.id,
        data: { fields, reason, hold: row.holdKind, holdRef: row.holdRef },
        at: now,
      });
      announce(uow, updated, 'corrected', input.log);
      await heldCardRevalued(uow, { before: row, card: updated, reason: 'corrected', fields, by, at: now, log: input.log });
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw new AppError('conflict', cardMessages.certDuplicate, { fieldErrors: { certNumber: [cardMessages.certDuplicate] } });
    throw err;
  }
  return cardDetail(ctx, actor, { id: input.id });
}

/**
 * PUT /api/admin/cards/{id}/appraisal: records what our team values the card at (say, on receiving
 * it into the vault). With the index price, it is the basis a loan is capped on.
 */
export async function appraiseCard(
  ctx: CardsContext,
  actor: SignedInActor,
  input: { id: string; valueCents: number; note: string | null; log?: Log },
): Promise<CardDetail> {
  const now = ctx.clock.now();
  await inTransaction(ctx, (uow) =>
    recordAppraisal(uow, auditBy(actor), { cardId: input.id, valueCents: input.valueCents, note: input.note, at: now, log: input.log }),
  );
  return cardDetail(ctx, actor, { id: input.id });
}

/**
 * Records an appraisal inside the caller's transaction (the vault's receipt of a card): the card's
 * appraisal columns, which lending's loan cap reads, an `appraised` event, the audit row, and the
 * holder's re-pricing.
 */
export async function recordAppraisal(
  uow: UnitOfWork,
  by: By,
  input: { cardId: string; valueCents: number; note: string | null; at: Date; log?: Log },
): Promise<CardRow> {
  const now = input.at;
  const [row] = await lockCards(uow.tx, [input.cardId]);
  const [updated] = await uow.tx
    .update(cards)
    .set({ appraisedValueCents: input.valueCents, appraisedAt: now, appraisedById: by.actorId, updatedAt: now })
    .where(eq(cards.id, row.id))
    .returning(cardColumns);
  const data = { valueCents: input.valueCents, previousCents: row.appraisedValueCents, note: input.note };
  await appendEvent(uow.tx, by, { cardId: row.id, kind: 'appraised', data, at: now });
  await audit(uow.tx, {
    ...by,
    action: 'card.appraised',
    targetType: 'card',
    targetId: row.id,
    data: { ...data, hold: row.holdKind, holdRef: row.holdRef },
    at: now,
  });
  announce(uow, updated, 'appraised', input.log);
  await heldCardRevalued(uow, { before: row, card: updated, reason: 'appraised', fields: ['appraisal'], by, at: now, log: input.log });
  return updated;
}
