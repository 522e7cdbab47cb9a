import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ledgerEntriesQuerySchema, ledgerEntriesResponseSchema, trialBalanceSchema } from '#common/ledger.ts';
import { signedInActor } from '#server/plugins/auth.ts';
import { listEntries, trialBalance } from './ledger.service.ts';

const admin = { access: 'admin' } as const;

/** The ledger (decision 132): the trial balance and the journal, for admins only. */
export const ledgerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get(
    '/api/admin/ledger/trial-balance',
    {
      config: admin,
      schema: { description: 'Every ledger account with its balance, and whether debits equal credits.', response: { 200: trialBalanceSchema } },
    },
    async (req) => trialBalance(ctx, signedInActor(req)),
  );
  app.get(
    '/api/admin/ledger/entries',
    {
      config: admin,
      schema: {
        description: 'Journal entries with their lines, newest first; by invoice, account and day.',
        querystring: ledgerEntriesQuerySchema,
        response: { 200: ledgerEntriesResponseSchema },
      },
    },
    async (req) => listEntries(ctx, signedInActor(req), req.query),
  );
};
