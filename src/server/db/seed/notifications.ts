import { formatDateUtc } from '#common/dates.ts';
import { and, count, eq, inArray, ne } from 'drizzle-orm';
import { formatCents } from '#common/format.ts';
import { moneyMessages } from '#common/money.ts';
import type { NotificationKind } from '#common/notifications.ts';
import type { Db } from '#server/db/client.ts';
import { invoices } from '#server/db/schema/money.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { users } from '#server/db/schema/users.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Row = typeof notifications.$inferInsert;

/**
 * The bell's history for the demo members and admins, told from their seeded invoices in the
 * words and links the live path uses: sent, paid, and overdue notices. What happened more than three
 * days ago is read; the latest is not. Only for people who have none yet, so it is safe on every start.
 */
export async function seedDemoNotifications(
  db: Db,
  { memberPhones, adminPhones, now = new Date() }: { memberPhones: readonly string[]; adminPhones: readonly string[]; now?: Date },
) {
  const members = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.phone, [...memberPhones]));
  const admins = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.phone, [...adminPhones]));
  const hasAny = async (userId: string) =>
    Number((await db.select({ n: count() }).from(notifications).where(eq(notifications.userId, userId)))[0]!.n) > 0;
  const adminsToSeed = (await Promise.all(admins.map(async (a) => ((await hasAny(a.id)) ? null : a.id)))).filter((a): a is string => Boolean(a));
  const rows: Row[] = [];
  const today = now.toISOString().slice(0, 10);
  const readIf = (at: Date) => (now.getTime() - at.getTime() > 3 * DAY ? new Date(at.getTime() + 2 * HOUR) : null);

  for (const m of members) {
    const seedMember = !(await hasAny(m.id));
    if (!seedMember && !adminsToSeed.length) continue;
    const bills = await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.userId, m.id), ne(invoices.status, 'draft'), ne(invoices.status, 'void')));
    for (const inv of bills) {
      const total = formatCents(inv.totalCents);
      const memberLink = `/checkout?invoice=${inv.id}`;
      const staffLink = `/admin/edit-invoice/${inv.id}`;
      const add = (kind: NotificationKind, title: string, message: string, at: Date, variant: 'default' | 'destructive' = 'default') => {
        if (at.getTime() > now.getTime()) return;
        if (seedMember) rows.push({ userId: m.id, kind, title, message, variant, link: memberLink, createdAt: at, readAt: readIf(at) });
        for (const a of adminsToSeed)
          rows.push({
            userId: a,
            kind,
            title,
            message,
            variant,
            link: staffLink,
            createdAt: at,
            readAt: kind === 'invoice_sent' ? readIf(at) : null,
          });
      };
      if (inv.sentAt)
        add(
          'invoice_sent',
          moneyMessages.invoiceSentTitle,
          `${moneyMessages.invoiceSent(inv.number, total)}, due ${formatDateUtc(inv.dueDate)}`,
          inv.sentAt,
        );
      if (inv.status === 'paid' && inv.paidAt)
        add('invoice_paid', moneyMessages.invoicePaidTitle, moneyMessages.invoicePaid(inv.number, total), inv.paidAt);
      if (inv.status === 'sent' && inv.dueDate < today) {
        // The hourly notice goes out the morning after the due date; record it, so the job does not repeat it.
        const at = new Date(Date.parse(`${inv.dueDate}T00:00:00Z`) + DAY + 9 * HOUR);
        add('invoice_overdue', 'Invoice overdue', `Invoice ${inv.number} for ${total} is past due`, at, 'destructive');
        if (at.getTime() <= now.getTime() && !inv.overdueNoticeAt)
          await db.update(invoices).set({ overdueNoticeAt: at }).where(eq(invoices.id, inv.id));
      }
    }
  }
  if (rows.length) await db.insert(notifications).values(rows);
}
