import type { AppContext } from '#server/context.ts';

/** Whether the database answers within 2 s (load balancers take an instance out when it does not). */
export async function isHealthy(ctx: Pick<AppContext, 'database'>): Promise<boolean> {
  try {
    await withTimeout(ctx.database.ping(), 2_000);
    return true;
  } catch {
    return false;
  }
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error('timeout')), ms);
    p.then(resolve, reject).finally(() => clearTimeout(t));
  });
}
