import { UseCaseModule } from '../use-case-module.js';
import * as SETTINGS_USE_CASES from './settings-use-cases.js';

/** A store's settings: its own, its carts' and its account memberships'. */
export const settingsModule = new UseCaseModule(SETTINGS_USE_CASES);
