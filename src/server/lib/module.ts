import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '#server/context.ts';
import type { Listener } from './hooks.ts';
import type { JobDefinition } from './jobs.ts';

/** A recurring job chain: its first run is queued at start, and each run queues the next (decision 010). */
export interface Schedule {
  name: string;
  start: (ctx: AppContext) => Promise<void>;
}

/**
 * What a server module provides (decision 139): its route plugins, in registration order; its
 * durable jobs; the recurring chains it starts; and the listeners it hangs on lower modules' hooks
 * (an invoice paid, a held card revalued, a KYC document changed). app.ts composes these from one
 * explicit list and registers the listeners for the app's lifetime.
 */
export interface ModuleDefinition {
  name: string;
  routes?: readonly FastifyPluginAsyncZod[];
  jobs?: (ctx: AppContext) => readonly JobDefinition[];
  schedules?: readonly Schedule[];
  listeners?: readonly Listener[];
}

export const defineModule = (def: ModuleDefinition): ModuleDefinition => def;

/**
 * Registers a module's route plugins, in order, in one scope that tags each of its routes with the
 * module's name: the reference groups operations by the module that owns them (decision 141).
 */
export async function registerModuleRoutes(app: FastifyInstance, m: ModuleDefinition) {
  if (!m.routes?.length) return;
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, tags: route.schema?.tags ?? [m.name] };
    });
    for (const routes of m.routes ?? []) await scope.register(routes);
  });
}
