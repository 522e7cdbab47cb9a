import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { limitHook, registerRateLimits } from '#server/plugins/rate-limit.ts';
import { errorBodySchema, errorStatusesFor, operationIdFor, summaryFrom, transformDocument } from './openapi-contract.ts';

describe('operationIdFor', () => {
  it('is the method and the URL camelCased, parameters as By<Name>, the same in either path syntax', () => {
    expect(operationIdFor('GET', '/api/admin/loans/:id')).toBe('getAdminLoansById');
    expect(operationIdFor('get', '/api/admin/loans/{id}')).toBe('getAdminLoansById');
    expect(operationIdFor('POST', '/api/admin/funds/:id/transactions/:transactionId/cancel')).toBe(
      'postAdminFundsByIdTransactionsByTransactionIdCancel',
    );
    expect(operationIdFor('GET', '/api/admin/sales/export.csv')).toBe('getAdminSalesExportCsv');
    expect(operationIdFor('PATCH', '/api/secure-view-analytics/:id')).toBe('patchSecureViewAnalyticsById');
    expect(operationIdFor('POST', '/api/webhooks/twilio/sms')).toBe('postWebhooksTwilioSms');
  });

  it('refuses to build a document where two operations would share one', () => {
    const doc = {
      paths: {
        '/api/a-b': { get: { responses: {} } },
        '/api/a/b': { get: { responses: {} } },
      },
    };
    expect(() => transformDocument({ openapiObject: doc })).toThrow(/operationId getAB is derived for both/);
  });
});

describe('summaryFrom', () => {
  it('is the first sentence without its full stop', () => {
    expect(summaryFrom('Your cards.')).toBe('Your cards');
    expect(summaryFrom('Refund a paid invoice, fully or in part. An `Idempotency-Key` header makes a retried request one refund.')).toBe(
      'Refund a paid invoice, fully or in part',
    );
  });

  it('cuts a long sentence at its first colon or parenthesis', () => {
    expect(
      summaryFrom(
        'Claim a certificate registered by another member (multipart: grader, certNumber, message, and the slab photos `front` and `back`).',
      ),
    ).toBe('Claim a certificate registered by another member');
    expect(
      summaryFrom(
        'The business at a glance for the admin dashboard: headline counts, figures over the chosen period with its buckets, and the latest access requests.',
      ),
    ).toBe('The business at a glance for the admin dashboard');
  });
});

describe('errorStatusesFor', () => {
  const route = (over: Partial<Parameters<typeof errorStatusesFor>[0]>) => ({
    url: '/api/x',
    method: 'GET',
    config: { access: 'public' as const },
    ...over,
  });

  it('gives a public read without input only the X-User-Id mismatch', () => {
    expect(errorStatusesFor(route({}))).toEqual([401]);
  });

  it('derives 400, 403, 404 and 409 from input, role, method and path', () => {
    expect(errorStatusesFor(route({ url: '/api/x/:id', config: { access: 'admin' }, schema: { params: {} } }))).toEqual([400, 401, 403, 404]);
    expect(errorStatusesFor(route({ method: 'PATCH', url: '/api/x/:id', config: { access: 'user' }, schema: { body: {} } }))).toEqual([
      400, 401, 403, 404, 409, 413, 415,
    ]);
    // A public write has no session state to conflict with; a webhook is not checked for the client header.
    expect(errorStatusesFor(route({ method: 'POST', schema: { body: {} } }))).toEqual([400, 401, 403, 413, 415]);
    expect(errorStatusesFor(route({ method: 'POST', url: '/api/webhooks/x' }))).toEqual([400, 401]);
  });

  it('adds 429 for a route behind a limitHook, and what the route declares', async () => {
    const app = Fastify();
    await registerRateLimits(app, { clock: { now: () => new Date() } });
    const limit = limitHook(app, [{ name: 't', max: 1, windowMs: 1000, key: () => 'k' }]);
    expect(errorStatusesFor(route({ onRequest: limit }))).toEqual([401, 429]);
    expect(errorStatusesFor(route({ onRequest: [async () => {}, limit] }))).toEqual([401, 429]);
    expect(errorStatusesFor(route({ onRequest: async () => {} }))).toEqual([401]);
    expect(errorStatusesFor(route({ config: { access: 'public', openapi: { errors: [409, 429] } } }))).toEqual([401, 409, 429]);
    await app.close();
  });
});

describe('transformDocument', () => {
  it('adds operationIds and the error responses, each referencing the Error schema', () => {
    const doc = transformDocument({
      openapiObject: { paths: { '/api/x/{id}': { get: { responses: { 200: { description: 'ok' } }, 'x-error-statuses': [401, 404] } } } },
    });
    const op = doc.paths!['/api/x/{id}']!.get!;
    expect(op.operationId).toBe('getXById');
    expect(op['x-error-statuses']).toBeUndefined();
    expect(op.responses).toEqual({
      200: { description: 'ok' },
      401: { $ref: '#/components/responses/Unauthorized' },
      404: { $ref: '#/components/responses/NotFound' },
    });
    expect(Object.keys(doc.components!.responses!)).toEqual(['Unauthorized', 'NotFound']);
    expect(doc.components!.responses!.NotFound).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    });
  });

  it('declares the keys of an enum-keyed record as properties', () => {
    const counts = z.toJSONSchema(z.record(z.enum(['open', 'closed']), z.number()));
    const doc = transformDocument({ openapiObject: { paths: {}, components: { schemas: { Counts: counts } } } });
    expect((doc.components!.schemas!.Counts as { properties: object }).properties).toEqual({ open: { type: 'number' }, closed: { type: 'number' } });
  });
});

describe('errorBodySchema', () => {
  it('reads the error answers the app gives, extra fields included', () => {
    expect(errorBodySchema.safeParse({ status: 'error', error: 'Bad', fieldErrors: { phone: ['Invalid'] } }).success).toBe(true);
    expect(errorBodySchema.safeParse({ status: 'error', error: 'Taken', reason: 'x', claimable: true }).success).toBe(true);
    expect(errorBodySchema.safeParse({ status: 'success' }).success).toBe(false);
  });
});
