// The settings module's public surface: other modules, app.ts, seeds and tests import only this file (decision 135).
export { featureGate } from './feature-gate.ts';
export { SettingsCache } from './settings-cache.ts';
export { settingsRoutes } from './settings.routes.ts';
export { getSetting, onSettingSaved, seedSetting, seedSettings, type SettingsReadCtx, updateSetting } from './settings.service.ts';
