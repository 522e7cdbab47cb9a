// The whole schema in one object, for Drizzle's relational queries and drizzle-kit.
import * as users from './schema/users.ts';
import * as platform from './schema/platform.ts';
import * as sms from './schema/sms.ts';
import * as onboarding from './schema/onboarding.ts';
import * as jobs from './schema/jobs.ts';

export const schema = { ...users, ...platform, ...sms, ...onboarding, ...jobs };
export type Schema = typeof schema;
