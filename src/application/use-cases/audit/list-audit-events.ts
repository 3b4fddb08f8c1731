import { inject, injectable } from 'inversify';
import type { AuditEvent } from '../../../domain/audit/audit-event.js';
import { AUDIT_EVENT_LIST } from '../../../domain/audit/audit-event-query.js';
import type { Page } from '../../../domain/query/page.js';
import type { QueryParams } from '../../../domain/query/query-params.js';
import type { Uuid } from '../../../domain/shared/uuid.js';
import { AUDIT_TOKENS } from '../../audit-tokens.js';
import type { AuditTrail } from '../../ports/audit/audit-trail.js';
import type { StoreRepository } from '../../ports/stores/store-repository.js';
import { TOKENS } from '../../tokens.js';
import { listPage } from '../list-page.js';
import type { Result } from './audit.js';

@injectable()
export class ListAuditEvents {
  constructor(
    @inject(AUDIT_TOKENS.AuditTrail) private readonly trail: AuditTrail,
    @inject(TOKENS.StoreRepository) private readonly stores: StoreRepository,
  ) {}

  execute(storeId: Uuid, params: QueryParams): Result<Page<AuditEvent>> {
    return listPage(this.stores, storeId, params, AUDIT_EVENT_LIST, (query) => this.trail.list(storeId, query));
  }
}
