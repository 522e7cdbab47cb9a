import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '#server/context.ts';
import type { JobDefinition } from './jobs.ts';

/** A recurring job chain: its first run is queued at start, and each run queues the next (decision 010). */
export interface Schedule {
  name: string;
  start: (ctx: AppContext) => Promise<void>;
}

/**
 * What a server module provides (decision 139): its route plugins, in registration order; its
 * durable jobs; and the recurring chains it starts. app.ts composes these from one explicit list.
 */
export interface ModuleDefinition {
  name: string;
  routes?: readonly FastifyPluginAsyncZod[];
  jobs?: (ctx: AppContext) => readonly JobDefinition[];
  schedules?: readonly Schedule[];
}

export const defineModule = (def: ModuleDefinition): ModuleDefinition => def;
