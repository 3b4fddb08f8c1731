import { UseCaseModule } from '../use-case-module.js';
import * as AUTH_USE_CASES from './auth-use-cases.js';

/** Access tokens: issued, checked, revoked and purged, and failed authentications counted. */
export const authModule = new UseCaseModule(AUTH_USE_CASES);
