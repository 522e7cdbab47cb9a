import type { PublicConfig } from '#common/public-config.ts';
import type { AppContext } from '#server/context.ts';

/** GET /api/public-config: what the browser needs to know of the server's configuration, and nothing more. */
export function publicConfig(ctx: Pick<AppContext, 'config'>): PublicConfig {
  return {
    gaMeasurementId: ctx.config.GA_MEASUREMENT_ID ?? null,
    geolocationUrl: ctx.config.GEOLOCATION_URL ?? null,
  };
}
