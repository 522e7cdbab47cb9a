/**
 * Each instance's copy of the settings sections it has read (decision 100). Feature switches are
 * read on every member request, so reads come from here; the bus drops a section on every
 * instance when it changes, and a short lifetime bounds what a missed message (Redis down, a
 * direct SQL edit) can leave behind.
 */
export class SettingsCache {
  private readonly entries = new Map<string, { value: unknown; at: number }>();
  /** Bumped by every invalidation: a read that started before one must not be stored. */
  private epoch = 0;

  constructor(
    readonly ttlMs = 30_000,
    private readonly nowMs: () => number = () => performance.now(),
  ) {}

  currentEpoch() {
    return this.epoch;
  }

  get(section: string): unknown {
    const e = this.entries.get(section);
    if (!e) return undefined;
    if (this.nowMs() - e.at >= this.ttlMs) {
      this.entries.delete(section);
      return undefined;
    }
    return e.value;
  }

  set(section: string, value: unknown, epoch: number) {
    if (epoch !== this.epoch) return;
    this.entries.set(section, { value, at: this.nowMs() });
  }

  invalidate(section: string) {
    this.epoch++;
    this.entries.delete(section);
  }

  clear() {
    this.epoch++;
    this.entries.clear();
  }
}
