import { randomInt } from 'node:crypto';
import { users } from '../db/schema/users.ts';
import { signIn, type SignedIn, type TestApp } from './harness.ts';

type User = typeof users.$inferSelect;

/**
 * Test data factories: people with phones no other test uses, and their signed-in sessions.
 * Later domains add their own (cards, listings, loans…) here.
 */

// Area codes that no hand-written test number or demo person uses (those are 212, 312, 415, 646,
// 718, 800), each with the 555 exchange, split into blocks of 1000 line numbers.
export const FACTORY_AREA_CODES = ['202', '206', '213', '303', '305', '404', '503', '512', '602', '617', '702', '713', '801', '919', '971'] as const;
export const PHONE_BLOCK_SIZE = 1000;
export const PHONE_BLOCKS = FACTORY_AREA_CODES.length * (10_000 / PHONE_BLOCK_SIZE);

/**
 * A source of unique phones: the block (the random prefix) is drawn once, then a counter walks
 * it. Two sources on different blocks never share a number, so test files that run in parallel
 * against a shared service cannot collide unless they draw the same block.
 */
export function phoneSequence(block = randomInt(PHONE_BLOCKS)) {
  if (!Number.isInteger(block) || block < 0 || block >= PHONE_BLOCKS) throw new RangeError(`no phone block ${block}`);
  const area = FACTORY_AREA_CODES[Math.floor(block / (10_000 / PHONE_BLOCK_SIZE))];
  const first = (block % (10_000 / PHONE_BLOCK_SIZE)) * PHONE_BLOCK_SIZE;
  let n = 0;
  return (): string => {
    // Wrapping round would hand out a number again: fail loudly instead.
    if (n >= PHONE_BLOCK_SIZE) throw new Error(`phone block ${block} is used up`);
    return `+1${area}555${String(first + n++).padStart(4, '0')}`;
  };
}

/** A phone (E.164) that no other call in this test file returns. */
export const uniquePhone = phoneSequence();

let nameSeq = 0;

export interface UserOptions {
  phone?: string;
  name?: string | null;
  email?: string | null;
  isAdmin?: boolean;
  isManager?: boolean;
  status?: 'active' | 'suspended';
  smsOptIn?: boolean;
  marketingOptIn?: boolean;
}

type HasDb = Pick<TestApp, 'db'>;

/** A member (no roles) with a unique phone, written straight to the database. */
export async function createUser(t: HasDb, opts: UserOptions = {}): Promise<User> {
  const [user] = await t.db
    .insert(users)
    .values({
      phone: opts.phone ?? uniquePhone(),
      name: opts.name === undefined ? `Test Person ${++nameSeq}` : opts.name,
      email: opts.email ?? null,
      isAdmin: opts.isAdmin ?? false,
      isManager: opts.isManager ?? false,
      status: opts.status ?? 'active',
      smsOptIn: opts.smsOptIn ?? true,
      marketingOptIn: opts.marketingOptIn ?? false,
    })
    .returning();
  return user;
}

export const createMember = createUser;
export const createAdmin = (t: HasDb, opts: UserOptions = {}) => createUser(t, { ...opts, isAdmin: true });
export const createManager = (t: HasDb, opts: UserOptions = {}) => createUser(t, { ...opts, isManager: true });

/** A user and a session of theirs, signed in through the real endpoints. */
export interface SignedInUser extends SignedIn {
  user: User;
  phone: string;
}

async function signedIn(t: TestApp, user: User): Promise<SignedInUser> {
  return { ...(await signIn(t, user.phone)), user, phone: user.phone };
}

export const signedInMember = async (t: TestApp, opts: UserOptions = {}) => signedIn(t, await createMember(t, opts));
export const signedInAdmin = async (t: TestApp, opts: UserOptions = {}) => signedIn(t, await createAdmin(t, opts));
export const signedInManager = async (t: TestApp, opts: UserOptions = {}) => signedIn(t, await createManager(t, opts));

export interface InvitedClient {
  phone: string;
  /** The onboarding's id (the manager's client id). */
  id: string;
}

/** A client invited by this manager (an onboarding at pending_invitation), through the API. */
export async function createClient(
  t: TestApp,
  manager: SignedIn,
  opts: { phone?: string; name?: string; tier?: string } = {},
): Promise<InvitedClient> {
  const phone = opts.phone ?? uniquePhone();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/manager/clients',
    headers: manager.headers,
    payload: { phone, name: opts.name ?? 'Taylor Client', tier: opts.tier },
  });
  if (res.statusCode !== 201) throw new Error(`inviting a client answered ${res.statusCode}: ${res.body}`);
  return { phone, id: res.json().client.id };
}

/** An invited client who has signed in once (their onboarding now at tier selection). */
export async function signedInClient(t: TestApp, manager: SignedIn, opts: { phone?: string; name?: string; tier?: string } = {}) {
  const client = await createClient(t, manager, opts);
  return { ...client, session: await signIn(t, client.phone) };
}
