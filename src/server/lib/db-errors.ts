/** PostgreSQL's code 23505 on an error or on any of its causes (Drizzle wraps the driver's error). */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++)
    if (e.code === '23505') return true;
  return false;
}
