// The users module's public surface: other modules, app.ts, seeds and tests import only this file (decision 135).
import { defineModule } from '#server/lib/module.ts';
import { usersRoutes } from './users.routes.ts';

export { usersRoutes } from './users.routes.ts';

export const usersModule = defineModule({ name: 'users', routes: [usersRoutes] });
export { provideSessionRevoker, type SessionRevoker } from './users.hooks.ts';
export {
  createMember,
  ensureSystemAccount,
  memberById,
  memberByPhone,
  type MemberRow,
  setSmsOptInByPhone,
  setUserName,
  updateMemberAtSignIn,
  userDirectory,
} from './users.reads.ts';
