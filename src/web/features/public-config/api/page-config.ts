import type { QueryClient } from '@tanstack/react-query';
import type { PublicConfig } from '#common/public-config.ts';
import { PAGE_CONFIG_ID } from '#common/page-session.ts';
import { publicConfigKeys } from './keys.ts';

/**
 * Puts the public config the server sent with the page (decision 150) in the query cache, so the
 * first render has it: the test-payments banner is there at the first paint instead of pushing the
 * page down when /api/public-config answers. Without the block the query asks the API as before.
 */
export function seedPublicConfig(queryClient: QueryClient, doc: Document = document) {
  const el = doc.getElementById(PAGE_CONFIG_ID);
  if (!el) return;
  el.remove();
  try {
    const config = JSON.parse(el.textContent ?? '') as PublicConfig | null;
    if (config && typeof config === 'object') queryClient.setQueryData(publicConfigKeys.all, config);
  } catch {
    // A broken block: the query asks the API.
  }
}
