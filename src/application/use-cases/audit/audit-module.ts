import { UseCaseModule } from '../use-case-module.js';
import * as AUDIT_USE_CASES from './audit-use-cases.js';

/** The audit trail: reading it, and keeping it within its retention. */
export const auditModule = new UseCaseModule(AUDIT_USE_CASES);
