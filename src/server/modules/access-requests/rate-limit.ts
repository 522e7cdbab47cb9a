import type { Clock } from '../../context.ts';
import { AppError } from '../../errors.ts';

/**
 * A small fixed-window counter per key (e.g. per client IP), kept in memory. It protects one
 * instance from a flood; it is not a quota (behind several instances each counts on its own).
 */
export class WindowLimiter {
  private readonly hits = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly max: number,
    private readonly windowMs: number,
    private readonly message = 'Too many requests. Please try again later.',
  ) {}

  /** Counts one hit for key; throws a 429 (with Retry-After) past the limit. */
  hit(key: string) {
    const now = this.clock.now().getTime();
    const entry = this.hits.get(key);
    if (!entry || now - entry.start >= this.windowMs) {
      this.hits.set(key, { start: now, count: 1 });
      this.prune(now);
      return;
    }
    entry.count++;
    if (entry.count > this.max) {
      const retryAfterSeconds = Math.max(1, Math.ceil((entry.start + this.windowMs - now) / 1000));
      throw new AppError('rate_limited', this.message, { retryAfterSeconds });
    }
  }

  private prune(now: number) {
    if (this.hits.size < 10_000) return;
    for (const [k, v] of this.hits) if (now - v.start >= this.windowMs) this.hits.delete(k);
  }
}
