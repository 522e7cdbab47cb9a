// The whole schema in one object, for Drizzle's relational queries and drizzle-kit.
import * as users from './schema/users.ts';
import * as platform from './schema/platform.ts';
import * as sms from './schema/sms.ts';

export const schema = { ...users, ...platform, ...sms };
export type Schema = typeof schema;
