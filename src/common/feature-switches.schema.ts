import { z } from 'zod';
import type { FeatureSwitches } from './feature-switches.ts';

export const featureSwitchesSchema = z.strictObject({
  marketplace: z.boolean(),
  lending: z.boolean(),
  funds: z.boolean(),
  hunts: z.boolean(),
}) satisfies z.ZodType<FeatureSwitches>;
