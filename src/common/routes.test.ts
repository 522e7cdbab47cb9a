import { describe, expect, it } from 'vitest';
import { isClientRoute } from './routes.ts';

describe('client route list', () => {
  it('knows the client routes, with parameters, and nothing else', () => {
    for (const p of [
      '/',
      '/terms',
      '/onboarding',
      '/dashboard',
      '/secure',
      '/admin/kyc-verification',
      '/manager/clients/7c1e',
      '/registry',
      '/registry/psa-lookup',
      '/registry/3f1e',
      '/admin/cards',
      '/admin/psa-lookup',
      '/admin/bulk-psa-lookup',
    ]) {
      expect(isClientRoute(p), p).toBe(true);
    }
    for (const p of [
      '/no/such/page',
      '/admin/nope',
      '/manager/clients',
      '/manager/clients/a/b',
      '/dashboardx',
      '/admin/settings/x',
      '/registry/a/b',
      '/admin/cards/x',
    ]) {
      expect(isClientRoute(p), p).toBe(false);
    }
  });
});
