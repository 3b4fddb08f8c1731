import { UseCaseModule } from '../use-case-module.js';
import * as AUTHENTICATION_REALMS_USE_CASES from './authentication-realms-use-cases.js';

/** Account sign-in: the store's account realm, its settings, password profiles, credentials and member tokens. */
export const authenticationRealmsModule = new UseCaseModule(AUTHENTICATION_REALMS_USE_CASES);
