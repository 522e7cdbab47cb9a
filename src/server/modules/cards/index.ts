// The cards module's public surface: other modules, app.ts, seeds and tests import only this file (decision 135).
import { defineModule } from '#server/lib/module.ts';
import { cardsRoutes } from './cards.routes.ts';
import { cardsJobs } from './cards.service.ts';
import { verifyRoutes } from './verify.routes.ts';

export {
  type HeldCardRevalued,
  type HeldCardRevaluedHandler,
  holdCards,
  holdRefusal,
  lockCards,
  moveCustody,
  onHeldCardRevalued,
  releaseCards,
  transferCard,
} from './cards.holds.ts';
export { type OpenClaimFinder, provideOpenClaimFinder } from './cards.hooks.ts';
export { cardColumns, live, prefixQuery } from './cards.queries.ts';
export { cardDirectory, cardHistory, cardRef, lockCardState, psaCertRecord } from './cards.reads.ts';
export { cardsRoutes } from './cards.routes.ts';
export { appendEvent, type By, type CardRow, cardsJobs, enqueuePsaRecheck, recheckAfterCustodyChange, toCard } from './cards.service.ts';
export { recordAppraisal } from './cards.corrections.ts';
export { HOUSE_NAME, houseAccountId } from './house-account.ts';

export const cardsModule = defineModule({ name: 'cards', routes: [cardsRoutes, verifyRoutes], jobs: cardsJobs });
