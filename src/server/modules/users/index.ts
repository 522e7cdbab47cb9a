// The users module's public surface: other modules, app.ts, seeds and tests import only this file (decision 135).
export { usersRoutes } from './users.routes.ts';
