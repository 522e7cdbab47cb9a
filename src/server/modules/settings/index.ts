// The settings module's public surface: other modules, app.ts, seeds and tests import only this file (decision 135).
import { defineModule } from '#server/lib/module.ts';
import { settingsRoutes } from './settings.routes.ts';

export { featureGate } from './feature-gate.ts';
export { SettingsCache } from './settings-cache.ts';
export { settingsRoutes } from './settings.routes.ts';
export {
  getSetting,
  onSettingSaved,
  type SavedHook,
  readModuleState,
  writeModuleState,
  seedSetting,
  seedSettings,
  type SettingsReadCtx,
  updateSetting,
} from './settings.service.ts';

export const settingsModule = defineModule({ name: 'settings', routes: [settingsRoutes] });
