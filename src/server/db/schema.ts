// The whole schema in one object, for Drizzle's relational queries and drizzle-kit.
import * as users from './schema/users.ts';
import * as platform from './schema/platform.ts';
import * as sms from './schema/sms.ts';
import * as onboarding from './schema/onboarding.ts';
import * as jobs from './schema/jobs.ts';
import * as cards from './schema/cards.ts';
import * as shareLinks from './schema/share-links.ts';
import * as money from './schema/money.ts';
import * as hunts from './schema/hunts.ts';
import * as marketIndex from './schema/market-index.ts';
import * as lending from './schema/lending.ts';
import * as marketplace from './schema/marketplace.ts';
import * as funds from './schema/funds.ts';
import * as notifications from './schema/notifications.ts';
import * as ledger from './schema/ledger.ts';
import * as alerts from './schema/alerts.ts';
import * as vault from './schema/vault.ts';

export const schema = {
  ...users,
  ...platform,
  ...sms,
  ...onboarding,
  ...jobs,
  ...cards,
  ...shareLinks,
  ...money,
  ...hunts,
  ...marketIndex,
  ...lending,
  ...marketplace,
  ...funds,
  ...notifications,
  ...ledger,
  ...alerts,
  ...vault,
};
export type Schema = typeof schema;
