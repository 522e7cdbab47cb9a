// What the browser needs of the live protocol, without zod: the live connection starts on every
// signed-in page, and loading zod's schemas for it cost the dashboard its blocking-time budget
// (decision 153). live.ts re-exports all of it.

/** A live message (spec §3): type, userId, status, title, message, variant, playerName, year. */
export interface LiveMessage {
  type: string;
  userId?: string;
  status?: string;
  title?: string;
  message?: string;
  variant?: 'default' | 'destructive';
  playerName?: string;
  year?: string | number;
  silent?: boolean;
}

const stringFields = ['userId', 'status', 'title', 'message', 'playerName'] as const;

/**
 * The message's known fields, or null when it is not a live message: as a zod object would parse
 * it (unknown keys dropped, a field of the wrong type refuses the whole message).
 */
export function parseLiveMessage(data: unknown): LiveMessage | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const m = data as Record<string, unknown>;
  if (typeof m.type !== 'string') return null;
  const out: LiveMessage = { type: m.type };
  for (const key of stringFields) {
    const v = m[key];
    if (v === undefined) continue;
    if (typeof v !== 'string') return null;
    out[key] = v;
  }
  if (m.variant !== undefined) {
    if (m.variant !== 'default' && m.variant !== 'destructive') return null;
    out.variant = m.variant;
  }
  if (m.year !== undefined) {
    if (typeof m.year !== 'string' && !(typeof m.year === 'number' && Number.isFinite(m.year))) return null;
    out.year = m.year;
  }
  if (m.silent !== undefined) {
    if (typeof m.silent !== 'boolean') return null;
    out.silent = m.silent;
  }
  return out;
}

export const LIVE_MAX_MESSAGE_BYTES = 64 * 1024;
/** Close codes: 1000 normal (no reconnect), 1008 policy (bad credentials, origin, rate), 1009 too big. */
export const CLOSE_NORMAL = 1000;
export const CLOSE_POLICY = 1008;
export const CLOSE_TOO_BIG = 1009;
