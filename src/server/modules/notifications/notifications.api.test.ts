import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '#common/live.ts';
import type { Invoice } from '#common/money.ts';
import {
  memberNotificationKinds,
  notificationKindInfo,
  NOTIFICATIONS_PAGE_SIZE,
  staffNotificationKinds,
  type Notification,
  type NotificationsResponse,
} from '#common/notifications.ts';
import { jobs } from '#server/db/schema/jobs.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { smsMessages } from '#server/db/schema/sms.ts';
import { users } from '#server/db/schema/users.ts';
import { JobRunner } from '#server/lib/jobs.ts';
import { inTransaction } from '#server/lib/transition.ts';
import { TwilioSmsProvider } from '#server/providers/sms/twilio.ts';
import { startFakeTwilio, type FakeTwilio } from '#server/test/fake-twilio.ts';
import { signedInAdmin, signedInMember, type SignedInUser } from '#server/test/factories.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { NOTIFICATION_SMS_JOB, notificationsJobs, notify, sendNotificationSms } from './notifications.service.ts';

let t: TestApp;
let tw: FakeTwilio;
// Sign-in codes go through the in-memory provider; notification texts through Twilio's protocol.
let twilio: TwilioSmsProvider;
let admin: SignedInUser;
let member: SignedInUser;
let other: SignedInUser;
const published: { audience: unknown; event: LiveEvent }[] = [];

beforeAll(async () => {
  tw = await startFakeTwilio();
  // No job runner of its own: the tests run the SMS jobs when they choose (runSmsJobs).
  t = await createTestApp({ seedDemo: false });
  twilio = new TwilioSmsProvider({ apiUrl: tw.url, accountSid: tw.accountSid, authToken: tw.authToken, from: '+12125550199' });
  admin = await signedInAdmin(t, { name: 'Desk Admin' });
  member = await signedInMember(t, { name: 'Bell Member' });
  other = await signedInMember(t, { name: 'Other Member' });
  const original = t.app.ctx.live.publish.bind(t.app.ctx.live);
  t.app.ctx.live.publish = async (audience, event) => {
    published.push({ audience, event });
    return original(audience, event);
  };
});
afterAll(async () => {
  await t?.close();
  await tw?.close();
});

const api = (who: SignedInUser, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: who.headers, payload: payload as never });
const list = async (who: SignedInUser, page = 1) => {
  const res = await api(who, 'GET', `/api/user/notifications?page=${page}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<NotificationsResponse>();
};
const smsCtx = () => ({ ...t.app.ctx, sms: twilio });
const runSmsJobs = () => new JobRunner(t.db, t.clock, notificationsJobs(smsCtx())).runDue();
const textsTo = (phone: string) => tw.messages.filter((m) => m.to === phone);

async function sendInvoice(to: SignedInUser, amountCents = 12_500) {
  const created = await api(admin, 'POST', '/api/admin/invoices', {
    userId: to.user.id,
    lines: [{ type: 'fixed', label: 'Vault storage', amountCents }],
    dueDate: '2030-02-28',
  });
  expect(created.statusCode, created.body).toBe(201);
  const inv = created.json<{ invoice: Invoice }>().invoice;
  t.clock.advance(1000);
  const res = await api(admin, 'PATCH', `/api/admin/invoices/${inv.id}`, { status: 'sent' });
  expect(res.statusCode, res.body).toBe(200);
  return inv;
}

describe('storing notifications', () => {
  it('an invoice sent is stored for its member only; its payment for the member and each admin, with their own links', async () => {
    const before = published.length;
    const { unreadCount: unreadBefore } = await list(member);
    const inv = await sendInvoice(member);
    const mine = await list(member);
    expect(mine.unreadCount).toBe(unreadBefore + 1);
    expect(mine.notifications[0]).toMatchObject({ kind: 'invoice_sent', title: 'New invoice', link: `/checkout?invoice=${inv.id}`, readAt: null });
    expect(mine.notifications[0]!.message).toContain(inv.number);
    // "Ready to pay" is the member's: the admin who sent it gets no toast and no bell row (issue 32).
    const rows = await t.db.select().from(notifications).where(eq(notifications.message, mine.notifications[0]!.message));
    expect(rows.map((r) => r.userId)).toEqual([member.user.id]);
    const events = published.slice(before).filter((p) => p.event.type === 'notification');
    expect(events).toHaveLength(1);
    expect(events[0]!.event).toMatchObject({ type: 'notification', userId: member.user.id, title: 'New invoice' });
    // The payment is news for the desk too: every active admin has a row, not only those online.
    const open = await api(member, 'POST', '/api/checkout', { invoiceId: inv.id });
    const sid = new URL(open.json<{ url: string }>().url, 'http://x').searchParams.get('session')!;
    expect((await api(member, 'POST', `/api/payment-test/${sid}/complete`)).statusCode).toBe(200);
    const staff = await list(admin);
    expect(staff.notifications[0]).toMatchObject({ kind: 'invoice_paid', link: `/admin/edit-invoice/${inv.id}` });
    const paidRows = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.kind, 'invoice_paid'), eq(notifications.message, staff.notifications[0]!.message)));
    const admins = await t.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.isAdmin, true), eq(users.status, 'active')));
    expect(new Set(paidRows.map((r) => r.userId))).toEqual(new Set([member.user.id, ...admins.map((a) => a.id)]));
    // Nobody else's list moved.
    expect((await list(other)).notifications.some((n) => n.message.includes(inv.number))).toBe(false);
  });

  it('a change that rolls back stores and announces nothing', async () => {
    const before = published.length;
    const count = async () => (await t.db.select().from(notifications).where(eq(notifications.userId, other.user.id))).length;
    const rowsBefore = await count();
    await expect(
      inTransaction(t.app.ctx, async (uow) => {
        await notify(uow, {
          kind: 'invoice_paid',
          title: 'Invoice paid',
          message: 'never happened',
          user: { id: other.user.id, link: '/dashboard' },
          now: t.clock.now(),
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await count()).toBe(rowsBefore);
    expect(published.slice(before)).toHaveLength(0);
  });

  it('refuses a link outside the app', async () => {
    await expect(
      inTransaction(t.app.ctx, (uow) =>
        notify(uow, { kind: 'invoice_paid', title: 'x', message: 'y', user: { id: other.user.id, link: '//evil.example/x' }, now: t.clock.now() }),
      ),
    ).rejects.toThrow(/app path/);
  });

  it('a paid invoice notifies the member too', async () => {
    const inv = await sendInvoice(member, 4_000);
    t.clock.advance(1000);
    const checkout = await api(member, 'POST', '/api/checkout', { invoiceId: inv.id });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const session = new URL(checkout.json().url, 'http://x').searchParams.get('session')!;
    expect((await api(member, 'POST', `/api/payment-test/${session}/complete`)).statusCode).toBe(200);
    expect((await list(member)).notifications[0]).toMatchObject({ kind: 'invoice_paid', title: 'Invoice paid', link: `/checkout?invoice=${inv.id}` });
  });
});

describe('staff-only and silent notifications', () => {
  it('a staff-only notification is stored for every active admin and no member, announced to admins only, never texted', async () => {
    const before = published.length;
    const message = `staff only ${Date.now()}`;
    await inTransaction(t.app.ctx, (uow) =>
      notify(uow, { kind: 'card_request_new', title: 'New card request', message, admins: { link: '/admin/requests' }, now: t.clock.now() }),
    );
    const rows = await t.db.select().from(notifications).where(eq(notifications.message, message));
    const admins = await t.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.isAdmin, true), eq(users.status, 'active')));
    expect(new Set(rows.map((r) => r.userId))).toEqual(new Set(admins.map((a) => a.id)));
    expect(rows.every((r) => r.link === '/admin/requests')).toBe(true);
    const events = published.slice(before);
    expect(events).toEqual([{ audience: [{ kind: 'admins' }], event: { type: 'notification', title: 'New card request', message } }]);
    await runSmsJobs();
    expect(textsTo(admin.phone)).toHaveLength(0);
  });

  it('a silent one is stored and texted like any other, but its live event asks for no toast', async () => {
    const quiet = await signedInMember(t, { name: 'Silent Member' });
    const before = published.length;
    await inTransaction(t.app.ctx, (uow) =>
      notify(uow, {
        kind: 'loan_defaulted',
        title: 'Loan in default',
        message: 'An installment is unpaid',
        user: { id: quiet.user.id, link: '/lend' },
        silent: true,
        now: t.clock.now(),
      }),
    );
    expect((await list(quiet)).notifications[0]).toMatchObject({ kind: 'loan_defaulted', link: '/lend' });
    expect(published.slice(before).map((p) => p.event)).toEqual([
      { type: 'notification', userId: quiet.user.id, title: 'Loan in default', message: 'An installment is unpaid', silent: true },
    ]);
    await runSmsJobs();
    expect(textsTo(quiet.phone).map((m) => m.body)).toEqual([`Loan in default: An installment is unpaid. ${t.config.appOrigin}/lend`]);
  });

  it('needs a recipient', async () => {
    await expect(
      inTransaction(t.app.ctx, (uow) => notify(uow, { kind: 'invoice_paid', title: 'x', message: 'y', now: t.clock.now() })),
    ).rejects.toThrow(/recipient/);
  });
});

describe('reading and read state', () => {
  it('pages newest first and counts unread', async () => {
    const reader = await signedInMember(t, { name: 'Paged Reader' });
    const total = NOTIFICATIONS_PAGE_SIZE + 3;
    await inTransaction(t.app.ctx, async (uow) => {
      for (let i = 0; i < total; i++) {
        t.clock.advance(1000);
        await notify(uow, {
          kind: 'invoice_paid',
          title: 'Invoice paid',
          message: `number ${i}`,
          user: { id: reader.user.id, link: '/dashboard' },
          now: t.clock.now(),
        });
      }
    });
    const first = await list(reader);
    expect(first).toMatchObject({ total, unreadCount: total, page: 1, pageSize: NOTIFICATIONS_PAGE_SIZE });
    expect(first.notifications).toHaveLength(NOTIFICATIONS_PAGE_SIZE);
    expect(first.notifications[0]!.message).toBe(`number ${total - 1}`);
    const second = await list(reader, 2);
    expect(second.notifications.map((n) => n.message)).toEqual(['number 2', 'number 1', 'number 0']);

    const one = first.notifications[0]!;
    const marked = await api(reader, 'POST', `/api/user/notifications/${one.id}/read`);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toEqual({ unreadCount: total - 1 });
    const readAt = (await list(reader)).notifications[0]!.readAt;
    expect(readAt).not.toBeNull();
    // Marking again keeps the first time it was read.
    t.clock.advance(60_000);
    await api(reader, 'POST', `/api/user/notifications/${one.id}/read`);
    expect((await list(reader)).notifications[0]!.readAt).toBe(readAt);

    const all = await api(reader, 'POST', '/api/user/notifications/read-all');
    expect(all.json()).toEqual({ unreadCount: 0 });
    expect((await list(reader)).unreadCount).toBe(0);
    expect((await list(reader, 2)).notifications.every((n: Notification) => n.readAt)).toBe(true);
  });

  it("a user can neither read nor mark another's notifications", async () => {
    const theirs = (await list(member)).notifications[0]!;
    const otherBefore = await list(other);
    const res = await api(other, 'POST', `/api/user/notifications/${theirs.id}/read`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(theirs.message);
    const all = await api(other, 'POST', '/api/user/notifications/read-all');
    expect(all.statusCode).toBe(200);
    const [row] = await t.db.select().from(notifications).where(eq(notifications.id, theirs.id));
    expect(row!.readAt).toBeNull();
    // Naming the member in the query changes nothing; naming them in the header is refused.
    const spoof = await t.app.inject({ method: 'GET', url: `/api/user/notifications?userId=${member.user.id}`, headers: other.headers });
    expect(spoof.statusCode, spoof.body).toBe(200);
    expect(spoof.json<NotificationsResponse>().notifications.map((n) => n.id)).toEqual(otherBefore.notifications.map((n) => n.id));
    const header = await t.app.inject({ method: 'GET', url: '/api/user/notifications', headers: { ...other.headers, 'x-user-id': member.user.id } });
    expect(header.statusCode).toBe(401);
    for (const r of [spoof, header]) expect(r.body).not.toContain(theirs.id);
  });

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/user/notifications' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/user/notifications/read-all' })).statusCode).toBe(401);
  });
});

describe('SMS per kind', () => {
  const prefs = (who: SignedInUser) => api(who, 'GET', '/api/user/notification-preferences');

  it('texts a new invoice by default, through the durable job, with the link', async () => {
    const texter = await signedInMember(t, { name: 'Texted Member' });
    expect((await prefs(texter)).json()).toMatchObject({
      sms: { invoice_sent: true, invoice_paid: false, invoice_overdue: true },
      smsOptIn: true,
      smsStopped: false,
    });
    const inv = await sendInvoice(texter, 30_000);
    // Nothing is texted inside the request: the job is queued with the notification.
    expect(textsTo(texter.phone)).toHaveLength(0);
    expect(await t.db.select().from(jobs).where(eq(jobs.name, NOTIFICATION_SMS_JOB))).not.toHaveLength(0);
    await runSmsJobs();
    const texts = textsTo(texter.phone);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toContain(inv.number);
    expect(texts[0]!.body).toContain(`${t.config.appOrigin}/checkout?invoice=${inv.id}`);
    const [logged] = await t.db
      .select()
      .from(smsMessages)
      .where(and(eq(smsMessages.phone, texter.phone), eq(smsMessages.purpose, 'notification_invoice_sent')));
    expect(logged).toMatchObject({ direction: 'outbound', provider: 'twilio' });
    // A job run twice texts once.
    const [row] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, texter.user.id), eq(notifications.kind, 'invoice_sent')));
    expect(await sendNotificationSms(smsCtx(), { notificationId: row!.id })).toBe('skipped');
    expect(textsTo(texter.phone)).toHaveLength(1);
  });

  it('honours a member who turns a kind off, and one who turns another on', async () => {
    const quiet = await signedInMember(t, { name: 'Quiet Member' });
    const saved = await api(quiet, 'PUT', '/api/user/notification-preferences', { sms: { invoice_sent: false, invoice_paid: true } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().sms).toMatchObject({ invoice_sent: false, invoice_paid: true, invoice_overdue: true });
    // Every member kind is answered, each at its default unless chosen; staff kinds never appear.
    expect(Object.keys(saved.json().sms).sort()).toEqual([...memberNotificationKinds].sort());
    for (const k of memberNotificationKinds)
      if (!['invoice_sent', 'invoice_paid'].includes(k)) expect(saved.json().sms[k]).toBe(notificationKindInfo[k].smsByDefault);
    await sendInvoice(quiet);
    await runSmsJobs();
    expect(textsTo(quiet.phone)).toHaveLength(0);
    // The notification itself is still stored: only the text is skipped.
    expect((await list(quiet)).notifications[0]).toMatchObject({ kind: 'invoice_sent' });
    await inTransaction(t.app.ctx, (uow) =>
      notify(uow, {
        kind: 'invoice_paid',
        title: 'Invoice paid',
        message: 'Invoice INV-TEST is paid',
        user: { id: quiet.user.id, link: '/dashboard' },
        now: t.clock.now(),
      }),
    );
    await runSmsJobs();
    expect(textsTo(quiet.phone).map((m) => m.body)).toEqual([`Invoice paid: Invoice INV-TEST is paid. ${t.config.appOrigin}/dashboard`]);
  });

  it('a choice turned off after queueing is read again at sending time', async () => {
    const late = await signedInMember(t, { name: 'Changed Mind' });
    await sendInvoice(late);
    await api(late, 'PUT', '/api/user/notification-preferences', { sms: { invoice_sent: false } });
    await runSmsJobs();
    expect(textsTo(late.phone)).toHaveLength(0);
  });

  it('never texts a member who replied STOP, until START', async () => {
    const stopper = await signedInMember(t, { name: 'Stop Member' });
    const keyword = async (body: string, purpose: 'opt_out' | 'opt_in') => {
      t.clock.advance(1000);
      await t.db.insert(smsMessages).values({
        direction: 'inbound',
        phone: stopper.phone,
        body,
        purpose,
        provider: 'twilio',
        providerId: `SM${purpose}${t.clock.now().getTime()}`,
        status: 'received',
        createdAt: t.clock.now(),
      });
    };
    await keyword('STOP', 'opt_out');
    expect((await prefs(stopper)).json().smsStopped).toBe(true);
    await sendInvoice(stopper);
    await runSmsJobs();
    expect(textsTo(stopper.phone)).toHaveLength(0);
    await keyword('START', 'opt_in');
    expect((await prefs(stopper)).json().smsStopped).toBe(false);
    await sendInvoice(stopper);
    await runSmsJobs();
    expect(textsTo(stopper.phone)).toHaveLength(1);
  });

  it('never texts a member whose SMS opt-in is off, and never texts admins', async () => {
    const off = await signedInMember(t, { name: 'No Texts' });
    await t.db.update(users).set({ smsOptIn: false }).where(eq(users.id, off.user.id));
    expect((await prefs(off)).json().smsOptIn).toBe(false);
    await sendInvoice(off);
    await runSmsJobs();
    expect(textsTo(off.phone)).toHaveLength(0);
    expect(textsTo(admin.phone)).toHaveLength(0);
  });

  it('retries when the provider refuses, and texts once when it recovers', async () => {
    const retry = await signedInMember(t, { name: 'Retry Member' });
    await sendInvoice(retry);
    tw.failNext(500, 1);
    await runSmsJobs();
    expect(textsTo(retry.phone)).toHaveLength(0);
    const [job] = await t.db.select().from(jobs).where(eq(jobs.name, NOTIFICATION_SMS_JOB));
    expect(job).toMatchObject({ attempts: 1 });
    t.clock.advance(60_000);
    await runSmsJobs();
    expect(textsTo(retry.phone)).toHaveLength(1);
  });

  it('refuses kinds it does not know, staff-only kinds, and choices that are not yes or no', async () => {
    expect((await api(member, 'PUT', '/api/user/notification-preferences', { sms: { not_a_kind: true } })).statusCode).toBe(400);
    for (const k of staffNotificationKinds)
      expect((await api(admin, 'PUT', '/api/user/notification-preferences', { sms: { [k]: true } })).statusCode).toBe(400);
    expect((await api(member, 'PUT', '/api/user/notification-preferences', { sms: { invoice_sent: 'yes' } })).statusCode).toBe(400);
  });
});
