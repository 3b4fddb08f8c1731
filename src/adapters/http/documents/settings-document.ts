import type { StoreSettings } from '../../../application/use-cases/store-settings.js';
import { SETTINGS_TYPE } from '../../../domain/store/settings-input.js';

export const settingsResource = (settings: StoreSettings) => ({
  type: SETTINGS_TYPE,
  page_length: settings.pageLength,
});
