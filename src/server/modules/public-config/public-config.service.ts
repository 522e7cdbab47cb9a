import type { PublicConfig } from '#common/public-config.ts';
import type { AppContext } from '#server/context.ts';
import { getSetting, type SettingsReadCtx } from '#server/modules/settings/index.ts';

/** GET /api/public-config: what the browser needs to know of the server's configuration, and nothing more. */
export async function publicConfig(ctx: Pick<AppContext, 'config'> & SettingsReadCtx): Promise<PublicConfig> {
  return {
    gaMeasurementId: ctx.config.GA_MEASUREMENT_ID ?? null,
    geolocationUrl: ctx.config.GEOLOCATION_URL ?? null,
    testPayments: ctx.config.testPaymentsInProduction,
    support: await getSetting(ctx, 'support'),
  };
}

/**
 * The same, for the JSON block every page carries (decision 150); undefined when the settings
 * cannot be read, and the page then asks /api/public-config itself.
 */
export function publicConfigForPage(ctx: Pick<AppContext, 'config'> & SettingsReadCtx): Promise<PublicConfig | undefined> {
  return publicConfig(ctx).catch(() => undefined);
}
