import { UseCaseModule } from '../use-case-module.js';
import * as PEOPLE_USE_CASES from './people-use-cases.js';

/** The merchant's people and their console sessions: started, checked, ended and purged. */
export const peopleModule = new UseCaseModule(PEOPLE_USE_CASES);
