import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { huntMessages, type BoardHunt, type MyHunt, type MySource } from '#common/hunts.ts';
import type { LiveEvent } from '#common/live.ts';
import type { Audience } from '#server/realtime/bus.ts';
import { huntBoardViews, hunts, sources } from '#server/db/schema/hunts.ts';
import { notifications } from '#server/db/schema/notifications.ts';
import { createCard, createHunt, createSource, signedInAdmin, signedInMember, type SignedInUser } from '#server/test/factories.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';

let t: TestApp;
let admin: SignedInUser;
let alice: SignedInUser;
let bob: SignedInUser;
let carol: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t, { name: 'Desk Admin' });
  alice = await signedInMember(t, { name: 'Alice Requester' });
  bob = await signedInMember(t, { name: 'Bob Responder' });
  carol = await signedInMember(t, { name: 'Carol Other' });
});
afterAll(async () => {
  await t?.close();
});

const api = (who: SignedInUser, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: who.headers, payload: payload as never });

let seq = 0;
const wanted = (overrides: Record<string, unknown> = {}) => ({
  sport: 'basketball',
  player: `Hunted Player ${++seq}`,
  year: 2003,
  set: 'Topps Chrome',
  grader: 'PSA',
  minGrade: 9,
  maxBudgetCents: 420_000,
  deadline: '2026-09-01',
  notes: 'Centered copy preferred',
  ...overrides,
});

async function boardOf(who: SignedInUser, query = '') {
  const res = await api(who, 'GET', `/api/hunts/active${query}`);
  expect(res.statusCode).toBe(200);
  return res.json().hunts as BoardHunt[];
}

describe('the hunt lifecycle', () => {
  it('posted → pending (off the board) → approved (on the board, anonymous, a band) → fulfilled through an offer', async () => {
    const posted = await api(alice, 'POST', '/api/hunts', wanted({ player: 'LeBron James' }));
    expect(posted.statusCode).toBe(201);
    const hunt = posted.json() as MyHunt;
    expect(hunt).toMatchObject({ status: 'pending', player: 'LeBron James', maxBudgetCents: 420_000, sources: [] });
    expect((await boardOf(bob)).some((h) => h.id === hunt.id)).toBe(false);

    const approved = await api(admin, 'PATCH', `/api/admin/hunts/${hunt.id}`, { action: 'approve', note: 'Looks genuine' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'active', requester: { id: alice.userId, name: 'Alice Requester' } });

    const seen = (await boardOf(bob)).find((h) => h.id === hunt.id)!;
    expect(seen).toMatchObject({ player: 'LeBron James', budgetBand: '$1,000 – $5,000', mine: false, offered: false });
    // Privacy: nothing names the requester, and the budget is only a band.
    expect(Object.keys(seen).sort()).toEqual(
      ['budgetBand', 'deadline', 'grader', 'id', 'minGrade', 'mine', 'notes', 'offered', 'player', 'postedAt', 'set', 'sport', 'year'].sort(),
    );
    const raw = JSON.stringify(await boardOf(bob));
    for (const secret of [alice.userId, 'Alice Requester', alice.phone, '420000']) expect(raw).not.toContain(secret);
    expect((await boardOf(alice)).find((h) => h.id === hunt.id)!.mine).toBe(true);

    const card = await createCard(t, { id: bob.userId }, { subject: 'LeBron James', year: 2003, sport: 'basketball' });
    const offer = await api(bob, 'POST', `/api/hunts/${hunt.id}/sources`, { cardId: card.id, askingPriceCents: 400_000, note: 'Sharp corners' });
    expect(offer.statusCode).toBe(201);
    const source = offer.json() as MySource;
    expect(source).toMatchObject({ status: 'pending', card: { id: card.id }, hunt: { id: hunt.id, budgetBand: '$1,000 – $5,000' } });
    expect(JSON.stringify(source)).not.toContain(alice.userId);
    expect(JSON.stringify(source)).not.toContain('Alice Requester');
    expect((await boardOf(bob)).find((h) => h.id === hunt.id)!.offered).toBe(true);

    // The requester sees no responder before an admin approves the offer.
    let mine = ((await api(alice, 'GET', '/api/user/hunts')).json().hunts as MyHunt[]).find((h) => h.id === hunt.id)!;
    expect(mine.sources).toEqual([]);
    expect(JSON.stringify(mine)).not.toContain('Bob Responder');

    const admins = (await api(admin, 'GET', '/api/admin/sources?status=pending')).json().sources;
    expect(admins.find((s: { id: string }) => s.id === source.id)).toMatchObject({
      responder: { id: bob.userId, phone: bob.phone },
      requester: { id: alice.userId, phone: alice.phone },
      hunt: { maxBudgetCents: 420_000 },
    });

    expect((await api(admin, 'PATCH', `/api/admin/sources/${source.id}`, { status: 'active', note: 'Put in touch' })).statusCode).toBe(200);
    mine = ((await api(alice, 'GET', '/api/user/hunts')).json().hunts as MyHunt[]).find((h) => h.id === hunt.id)!;
    expect(mine.sources).toEqual([
      expect.objectContaining({ id: source.id, status: 'active', responder: { id: bob.userId, name: 'Bob Responder' } }),
    ]);
    expect(JSON.stringify(mine.sources)).not.toContain(bob.phone);
    expect((await api(alice, 'GET', '/api/sources/active')).json().sources).toEqual([expect.objectContaining({ id: source.id, role: 'requester' })]);

    // A second, still-pending offer is closed when the first fulfils the hunt.
    const other = await createSource(t, hunt, { id: carol.userId });
    const done = await api(admin, 'PATCH', `/api/admin/sources/${source.id}`, { status: 'fulfilled', note: 'Sale recorded' });
    expect(done.statusCode).toBe(200);
    expect(done.json().status).toBe('fulfilled');
    const [h] = await t.db.select().from(hunts).where(eq(hunts.id, hunt.id));
    expect(h).toMatchObject({ status: 'fulfilled', statusNote: 'Sale recorded' });
    expect(h.fulfilledAt).toBeInstanceOf(Date);
    const [o] = await t.db.select().from(sources).where(eq(sources.id, other.id));
    expect(o.status).toBe('closed');

    mine = ((await api(alice, 'GET', '/api/user/hunts')).json().hunts as MyHunt[]).find((x) => x.id === hunt.id)!;
    expect(mine.history.map((e) => [e.from, e.to])).toEqual([
      [null, 'pending'],
      ['pending', 'active'],
      ['active', 'fulfilled'],
    ]);
    expect(mine.history[1].note).toBe('Looks genuine');
    const bobs = ((await api(bob, 'GET', '/api/user/sources')).json().sources as MySource[]).find((s) => s.id === source.id)!;
    expect(bobs.history.map((e) => e.to)).toEqual(['pending', 'active', 'fulfilled']);
    expect((await boardOf(bob)).some((x) => x.id === hunt.id)).toBe(false);
  });

  it('the requester edits only while pending and may close at any time; an admin declines with a reason', async () => {
    const hunt = (await api(alice, 'POST', '/api/hunts', wanted())).json() as MyHunt;
    const edited = await api(alice, 'PATCH', `/api/hunts/${hunt.id}`, { maxBudgetCents: 50_000, notes: null });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ maxBudgetCents: 50_000, notes: null });
    // Not someone else's.
    expect((await api(bob, 'PATCH', `/api/hunts/${hunt.id}`, { maxBudgetCents: 1 })).statusCode).toBe(404);
    expect((await api(bob, 'POST', `/api/hunts/${hunt.id}/close`, {})).statusCode).toBe(404);

    await api(admin, 'PATCH', `/api/admin/hunts/${hunt.id}`, { action: 'approve', note: null });
    const late = await api(alice, 'PATCH', `/api/hunts/${hunt.id}`, { maxBudgetCents: 60_000 });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(huntMessages.editPendingOnly);

    const open = await createSource(t, hunt, { id: bob.userId }, { status: 'active' });
    const closed = await api(alice, 'POST', `/api/hunts/${hunt.id}/close`, { note: 'Bought one elsewhere' });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ status: 'closed', statusNote: 'Bought one elsewhere' });
    expect((await t.db.select().from(sources).where(eq(sources.id, open.id)))[0].status).toBe('closed');
    expect((await api(alice, 'POST', `/api/hunts/${hunt.id}/close`, {})).statusCode).toBe(409);

    const declined = (await api(alice, 'POST', '/api/hunts', wanted())).json() as MyHunt;
    const res = await api(admin, 'PATCH', `/api/admin/hunts/${declined.id}`, { action: 'decline', note: 'Too vague' });
    expect(res.json()).toMatchObject({ status: 'closed', statusNote: 'Too vague' });
    const again = await api(admin, 'PATCH', `/api/admin/hunts/${declined.id}`, { action: 'approve', note: null });
    expect(again.statusCode).toBe(409);
  });

  it('withdrawing an offer closes it; only its responder may', async () => {
    const hunt = await createHunt(t, { id: alice.userId }, { status: 'active', player: 'Withdrawn Player' });
    const offer = (await api(bob, 'POST', `/api/hunts/${hunt.id}/sources`, { description: 'Raw copy, clean', askingPriceCents: 9_000 })).json();
    expect((await api(carol, 'POST', `/api/sources/${offer.id}/withdraw`)).statusCode).toBe(404);
    const res = await api(bob, 'POST', `/api/sources/${offer.id}/withdraw`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'closed', statusNote: 'Withdrawn by the member' });
    expect((await api(bob, 'POST', `/api/sources/${offer.id}/withdraw`)).statusCode).toBe(409);
  });
});

describe('notifications', () => {
  const bell = async (who: SignedInUser, since: Date) =>
    (await t.db.select().from(notifications).where(eq(notifications.userId, who.userId)))
      .filter((n) => n.createdAt >= since)
      .sort((a, b) => +a.createdAt - +b.createdAt || a.title.localeCompare(b.title))
      .map((n) => ({ kind: n.kind, title: n.title, message: n.message, link: n.link }));
  const step = () => t.clock.advance(1000);

  it('admins hear of a new hunt and each new offer; the requester of its approval, a source found and fulfilment; each responder of their own offer', async () => {
    const [dana, eve, fay] = [
      await signedInMember(t, { name: 'Dana Hunter' }),
      await signedInMember(t, { name: 'Eve Finder' }),
      await signedInMember(t),
    ];
    step();
    const since = t.clock.now();
    const hunt = (await api(dana, 'POST', '/api/hunts', wanted({ player: 'Tim Duncan', year: 1998, maxBudgetCents: 250_000 }))).json() as MyHunt;
    expect(await bell(admin, since)).toEqual([
      {
        kind: 'hunt_request_new',
        title: 'New hunt request',
        message: 'Dana Hunter is looking for 1998 Tim Duncan, up to $2,500.00',
        link: '/admin/sources?tab=hunts&status=pending',
      },
    ]);
    expect(await bell(dana, since)).toEqual([]);
    step();
    await api(admin, 'PATCH', `/api/admin/hunts/${hunt.id}`, { action: 'approve', note: null });
    step();
    const offer = (
      await api(eve, 'POST', `/api/hunts/${hunt.id}/sources`, { description: 'Clean copy', askingPriceCents: 200_000 })
    ).json() as MySource;
    const rival = (
      await api(fay, 'POST', `/api/hunts/${hunt.id}/sources`, { description: 'Another copy', askingPriceCents: 210_000 })
    ).json() as MySource;
    // A pending offer is the desk's business: the requester hears nothing yet.
    expect((await bell(dana, since)).map((n) => n.title)).toEqual(['Hunt approved']);
    step();
    await api(admin, 'PATCH', `/api/admin/sources/${offer.id}`, { status: 'active', note: null });
    step();
    await api(admin, 'PATCH', `/api/admin/sources/${offer.id}`, { status: 'fulfilled', note: null });

    expect(await bell(dana, since)).toEqual([
      { kind: 'hunt_updated', title: 'Hunt approved', message: 'Your hunt for 1998 Tim Duncan is on the board', link: '/source?tab=hunts' },
      {
        kind: 'hunt_source_found',
        title: 'Source found',
        message: 'A card has been offered for your hunt for 1998 Tim Duncan: our team will put you in touch',
        link: '/source?tab=hunts',
      },
      { kind: 'hunt_updated', title: 'Hunt fulfilled', message: 'Your hunt for 1998 Tim Duncan has been fulfilled', link: '/source?tab=hunts' },
    ]);
    expect((await bell(eve, since)).map((n) => [n.kind, n.title, n.link])).toEqual([
      ['source_updated', 'Source offer approved', '/source?tab=offers'],
      ['source_updated', 'Source offer fulfilled', '/source?tab=offers'],
    ]);
    expect(await bell(fay, since)).toEqual([
      {
        kind: 'source_updated',
        title: 'Source offer closed',
        message: 'Your offer for 1998 Tim Duncan has been closed. Note: The hunt was fulfilled by another offer',
        link: '/source?tab=offers',
      },
    ]);
    expect(rival.status).toBe('pending');
    // Besides the new hunt and the two new offers, the admins acted themselves; nobody else heard anything.
    const adminBell = await bell(admin, since);
    expect(adminBell.map((n) => n.kind)).toEqual(['hunt_request_new', 'source_offer_new', 'source_offer_new']);
    expect(adminBell).toContainEqual({
      kind: 'source_offer_new',
      title: 'New source offer',
      message: 'Eve Finder offered a card for the hunt for 1998 Tim Duncan, asking $2,000.00',
      link: '/admin/sources?tab=offers&status=pending',
    });
    expect(await bell(carol, since)).toEqual([]);
  });

  it('nobody is told of their own act: a requester closing a hunt, a responder withdrawing', async () => {
    const [gus, hal] = [await signedInMember(t), await signedInMember(t)];
    const hunt = await createHunt(t, { id: gus.userId }, { status: 'active', player: 'Quiet Player' });
    const offer = (await api(hal, 'POST', `/api/hunts/${hunt.id}/sources`, { description: 'Raw', askingPriceCents: 9_000 })).json() as MySource;
    step();
    const since = t.clock.now();
    expect((await api(hal, 'POST', `/api/sources/${offer.id}/withdraw`)).statusCode).toBe(200);
    expect((await api(gus, 'POST', `/api/hunts/${hunt.id}/close`, {})).statusCode).toBe(200);
    expect(await bell(gus, since)).toEqual([]);
    expect(await bell(hal, since)).toEqual([]);
  });
});

describe('bad input and refusals', () => {
  it.each([
    ['a zero budget', { maxBudgetCents: 0 }, 'maxBudgetCents'],
    ['a fractional budget', { maxBudgetCents: 10.5 }, 'maxBudgetCents'],
    ['a grade above 10', { minGrade: 11 }, 'minGrade'],
    ['a grade below 1', { minGrade: 0.5 }, 'minGrade'],
    ['a past deadline', { deadline: '2026-05-01' }, 'deadline'],
    ["today's date", { deadline: '2026-06-01' }, 'deadline'],
    ['no player', { player: '  ' }, 'player'],
  ])('refuses %s with 400', async (_label, patch, field) => {
    const res = await api(alice, 'POST', '/api/hunts', wanted(patch));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fieldErrors ?? {})).toContain(field);
  });

  it('answering an own, closed, unknown or pending hunt, or with a card not held, is refused with the reason', async () => {
    const hunt = await createHunt(t, { id: alice.userId }, { status: 'active', player: 'Refusal Player' });
    const offer = (who: SignedInUser, id: string, body: Record<string, unknown> = { description: 'A copy', askingPriceCents: 1000 }) =>
      api(who, 'POST', `/api/hunts/${id}/sources`, body);

    const own = await offer(alice, hunt.id);
    expect([own.statusCode, own.json().error]).toEqual([409, huntMessages.ownHunt]);

    const notMine = await createCard(t, { id: carol.userId });
    const stolen = await offer(bob, hunt.id, { cardId: notMine.id, askingPriceCents: 1000 });
    expect([stolen.statusCode, stolen.json().error]).toEqual([409, huntMessages.cardNotOwned]);

    const moving = await createCard(t, { id: bob.userId }, { custody: 'in_transit' });
    const transit = await offer(bob, hunt.id, { cardId: moving.id, askingPriceCents: 1000 });
    expect([transit.statusCode, transit.json().error]).toEqual([409, huntMessages.cardInTransit]);

    const deleted = await createCard(t, { id: bob.userId }, { deletedAt: new Date() });
    expect((await offer(bob, hunt.id, { cardId: deleted.id, askingPriceCents: 1000 })).json().error).toBe(huntMessages.cardNotOwned);

    expect((await offer(bob, hunt.id, { cardId: null, description: null, askingPriceCents: 1000 })).statusCode).toBe(400);
    expect((await offer(bob, hunt.id, { description: 'x', askingPriceCents: 0 })).statusCode).toBe(400);

    expect((await offer(bob, hunt.id)).statusCode).toBe(201);
    const dup = await offer(bob, hunt.id);
    expect([dup.statusCode, dup.json().error]).toEqual([409, huntMessages.duplicateOffer]);

    const closed = await createHunt(t, { id: alice.userId }, { status: 'closed' });
    const late = await offer(bob, closed.id);
    expect([late.statusCode, late.json().error]).toEqual([409, huntMessages.huntNotActive]);

    // Someone else's pending hunt has never been on the board: it does not exist for others.
    const pending = await createHunt(t, { id: alice.userId });
    expect((await offer(bob, pending.id)).statusCode).toBe(404);
    expect((await offer(bob, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('members cannot reach the admin routes', async () => {
    for (const url of ['/api/admin/hunts', '/api/admin/sources', '/api/admin/source-analytics'])
      expect((await api(bob, 'GET', url)).statusCode).toBe(403);
  });
});

describe('the board filters', () => {
  it('by sport, player (substring, case-insensitive) and the grade of the card in hand', async () => {
    // The board is newest approval first (then id): b's approval is a second later, not the same millisecond by chance.
    const approvedAt = Date.now();
    const a = await createHunt(
      t,
      { id: alice.userId },
      { status: 'active', sport: 'hockey', player: 'Filterable Gretzky', minGrade: 9, approvedAt: new Date(approvedAt - 1_000) },
    );
    const b = await createHunt(
      t,
      { id: alice.userId },
      { status: 'active', sport: 'hockey', player: 'Filterable Lemieux', minGrade: 6, approvedAt: new Date(approvedAt) },
    );
    const ids = (hs: BoardHunt[]) => hs.map((h) => h.id).filter((id) => id === a.id || id === b.id);
    expect(ids(await boardOf(bob, '?sport=hockey&player=filterable'))).toEqual([b.id, a.id]);
    expect(ids(await boardOf(bob, '?player=gretzky'))).toEqual([a.id]);
    expect(ids(await boardOf(bob, '?player=filterable&grade=8'))).toEqual([b.id]);
    expect(ids(await boardOf(bob, '?sport=soccer&player=filterable'))).toEqual([]);
  });
});

describe('live events', () => {
  it('reach the requester, the responder, admins and (for the board) members, and nobody else', async () => {
    const seen: { audience: Audience; event: LiveEvent }[] = [];
    const live = t.app.ctx.live;
    const original = live.publish;
    live.publish = async (audience, event) => {
      seen.push({ audience: audience as Audience, event });
    };
    // The bell's notification events are checked on their own: each is silent (this event toasts).
    const take = () =>
      seen
        .splice(0)
        .filter((s) => {
          if (s.event.type !== 'notification') return true;
          expect(s.event.silent).toBe(true);
          return false;
        })
        .map((s) => ({
          to: s.audience,
          type: s.event.type,
          userId: 'userId' in s.event ? s.event.userId : undefined,
          status: 'status' in s.event ? s.event.status : undefined,
        }));
    try {
      const hunt = (await api(alice, 'POST', '/api/hunts', wanted({ player: 'Evented Player', year: 1999 }))).json();
      expect(take()).toEqual([{ to: { kind: 'admins' }, type: 'hunt_updated', userId: alice.userId, status: 'pending' }]);

      await api(admin, 'PATCH', `/api/admin/hunts/${hunt.id}`, { action: 'approve', note: null });
      expect(take()).toEqual([
        { to: { kind: 'user', userId: alice.userId }, type: 'hunt_updated', userId: alice.userId, status: 'active' },
        { to: { kind: 'admins' }, type: 'hunt_updated', userId: alice.userId, status: 'active' },
        { to: { kind: 'members' }, type: 'hunt_updated', userId: undefined, status: 'active' },
      ]);

      const offer = (await api(bob, 'POST', `/api/hunts/${hunt.id}/sources`, { description: 'A copy', askingPriceCents: 5_000 })).json();
      // A pending offer is the admins' business only: the requester hears nothing yet.
      expect(take()).toEqual([{ to: { kind: 'admins' }, type: 'source_updated', userId: bob.userId, status: 'pending' }]);

      await api(admin, 'PATCH', `/api/admin/sources/${offer.id}`, { status: 'active', note: null });
      const approved = seen.map((s) => s.event).filter((e) => e.type !== 'notification');
      // The bell's events (to the responder and the requester) keep the same privacy.
      for (const e of seen.map((s) => s.event)) expect(JSON.stringify(e)).not.toMatch(/Alice|420000/);
      expect(take()).toEqual([
        { to: { kind: 'user', userId: bob.userId }, type: 'source_status_changed', userId: bob.userId, status: 'active' },
        { to: { kind: 'admins' }, type: 'source_updated', userId: bob.userId, status: 'active' },
        { to: { kind: 'user', userId: alice.userId }, type: 'source_updated', userId: bob.userId, status: 'active' },
      ]);
      expect(approved[0]).toMatchObject({ playerName: 'Evented Player', year: 1999 });
      // The board-wide and requester events never carry the budget or the requester's name.
      for (const e of approved) expect(JSON.stringify(e)).not.toMatch(/Alice|420000/);

      await api(admin, 'PATCH', `/api/admin/sources/${offer.id}`, { status: 'fulfilled', note: null });
      const types = take();
      expect(types).toContainEqual({ to: { kind: 'user', userId: alice.userId }, type: 'hunt_updated', userId: alice.userId, status: 'fulfilled' });
      expect(types).toContainEqual({
        to: { kind: 'user', userId: bob.userId },
        type: 'source_status_changed',
        userId: bob.userId,
        status: 'fulfilled',
      });
      expect(types.filter((e) => JSON.stringify(e.to).includes(carol.userId))).toEqual([]);

      // A refused change tells nobody.
      await api(carol, 'POST', `/api/sources/${offer.id}/withdraw`);
      expect(seen).toEqual([]);
    } finally {
      live.publish = original;
    }
  });
});

describe('source analytics', () => {
  it('counts, medians and the fulfilment rate over a range, on known data', async () => {
    const at = (iso: string) => new Date(iso);
    const base = { player: 'Analytic Ace' };
    const h1 = await createHunt(
      t,
      { id: alice.userId },
      {
        ...base,
        status: 'fulfilled',
        createdAt: at('2021-03-01T00:00:00Z'),
        approvedAt: at('2021-03-01T02:00:00Z'),
        fulfilledAt: at('2021-03-03T00:00:00Z'),
      },
    );
    await createHunt(
      t,
      { id: alice.userId },
      {
        ...base,
        status: 'closed',
        createdAt: at('2021-03-01T12:00:00Z'),
        approvedAt: at('2021-03-01T16:00:00Z'),
        closedAt: at('2021-03-04T00:00:00Z'),
      },
    );
    await createHunt(
      t,
      { id: alice.userId },
      { player: 'Analytic Bee', status: 'active', createdAt: at('2021-03-02T00:00:00Z'), approvedAt: at('2021-03-02T06:00:00Z') },
    );
    await createHunt(t, { id: alice.userId }, { player: 'Analytic Bee', status: 'closed', createdAt: at('2021-03-02T00:00:00Z'), approvedAt: null });
    // Outside the range.
    await createHunt(t, { id: alice.userId }, { player: 'Analytic Bee', status: 'pending', createdAt: at('2021-03-05T00:00:00Z') });
    await createSource(t, h1, { id: bob.userId }, { status: 'fulfilled', createdAt: at('2021-03-02T10:00:00Z') });
    await createSource(t, h1, { id: carol.userId }, { status: 'closed', createdAt: at('2021-03-02T11:00:00Z') });
    await t.db.insert(huntBoardViews).values([
      { day: '2021-03-01', userId: bob.userId },
      { day: '2021-03-01', userId: carol.userId },
      { day: '2021-03-03', userId: bob.userId },
      { day: '2021-03-09', userId: bob.userId },
    ]);

    const res = await api(admin, 'GET', '/api/admin/source-analytics?from=2021-03-01&to=2021-03-03');
    expect(res.statusCode).toBe(200);
    const a = res.json();
    expect(a.daily).toEqual([
      { day: '2021-03-01', hunts: 2, sources: 0, boardViews: 2 },
      { day: '2021-03-02', hunts: 2, sources: 2, boardViews: 0 },
      { day: '2021-03-03', hunts: 0, sources: 0, boardViews: 1 },
    ]);
    expect(a.huntsByStatus).toEqual({ pending: 0, active: 1, fulfilled: 1, closed: 2 });
    expect(a.sourcesByStatus).toEqual({ pending: 0, active: 0, fulfilled: 1, closed: 1 });
    // Approval: 2 h, 4 h, 6 h → 4; fulfilment: 48 h; rate: 1 fulfilled of 2 approved and final.
    expect(a.medianHoursToApproval).toBe(4);
    expect(a.medianHoursToFulfilment).toBe(48);
    expect(a.fulfilmentRate).toBe(0.5);
    expect(a.boardViews).toBe(3);
    expect(a.topPlayers).toEqual([
      { player: 'Analytic Ace', hunts: 2 },
      { player: 'Analytic Bee', hunts: 2 },
    ]);
    expect((await api(admin, 'GET', '/api/admin/source-analytics?from=2021-03-05&to=2021-03-01')).statusCode).toBe(400);
  });

  it('counts a board view once per member and day', async () => {
    const before = (await t.db.select().from(huntBoardViews).where(eq(huntBoardViews.userId, carol.userId))).filter(
      (v) => v.day === '2026-06-01',
    ).length;
    await boardOf(carol);
    await boardOf(carol);
    const after = (await t.db.select().from(huntBoardViews).where(eq(huntBoardViews.userId, carol.userId))).filter(
      (v) => v.day === '2026-06-01',
    ).length;
    expect(after).toBe(Math.max(before, 1));
  });
});
