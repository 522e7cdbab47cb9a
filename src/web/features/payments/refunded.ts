import { formatCents } from '#common/format.ts';
import type { Invoice } from '#common/money.ts';

/** "Refunded $X" when all of it went back, else "Partly refunded $X of $Y". */
export const refundedText = (i: Pick<Invoice, 'refundedCents' | 'totalCents'>) =>
  i.refundedCents >= i.totalCents
    ? `Refunded ${formatCents(i.refundedCents)}`
    : `Partly refunded ${formatCents(i.refundedCents)} of ${formatCents(i.totalCents)}`;
