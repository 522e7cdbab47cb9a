/**
 * A small in-process cache of session lookups (decision 015). Entries live a few seconds and are
 * dropped on every instance when the bus says a user's sessions or roles changed, so logout,
 * suspension and role changes take effect at once everywhere.
 */
export interface CachedSession<T> {
  value: T;
  userIds: string[];
}

export class SessionCache<T> {
  private readonly entries = new Map<string, { value: T; userIds: string[]; at: number }>();
  private readonly byUser = new Map<string, Set<string>>();
  /** Bumped by every invalidation: a lookup that started before one must not be stored. */
  private epoch = 0;

  constructor(
    readonly ttlMs: number,
    readonly maxEntries: number,
  ) {}

  get size() {
    return this.entries.size;
  }

  currentEpoch() {
    return this.epoch;
  }

  get(key: string, nowMs: number): T | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (nowMs - e.at >= this.ttlMs || nowMs < e.at) {
      this.delete(key);
      return undefined;
    }
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, e);
    return e.value;
  }

  /** Stores a lookup unless an invalidation happened since it started (`epoch`). */
  set(key: string, value: T, userIds: string[], nowMs: number, epoch: number) {
    if (epoch !== this.epoch || this.ttlMs <= 0) return;
    this.delete(key);
    this.entries.set(key, { value, userIds, at: nowMs });
    for (const id of userIds) {
      let keys = this.byUser.get(id);
      if (!keys) this.byUser.set(id, (keys = new Set()));
      keys.add(key);
    }
    while (this.entries.size > this.maxEntries) this.delete(this.entries.keys().next().value!);
  }

  delete(key: string) {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    for (const id of e.userIds) {
      const keys = this.byUser.get(id);
      keys?.delete(key);
      if (keys?.size === 0) this.byUser.delete(id);
    }
  }

  /** Drops every session of this user, and every session in which they impersonate someone. */
  invalidateUser(userId: string) {
    this.epoch++;
    for (const key of [...(this.byUser.get(userId) ?? [])]) this.delete(key);
  }

  clear() {
    this.epoch++;
    this.entries.clear();
    this.byUser.clear();
  }
}
