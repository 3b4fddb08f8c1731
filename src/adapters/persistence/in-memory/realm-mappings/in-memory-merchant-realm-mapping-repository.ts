import * as E from 'fp-ts/lib/Either.js';
import { inject, injectable } from 'inversify';
import type { MerchantRealmMappingRepository } from '../../../../application/ports/realm-mappings/merchant-realm-mapping-repository.js';
import {
  type Missing,
  missing,
  type PrefixTaken,
  prefixTaken,
} from '../../../../application/ports/storage-outcomes.js';
import { REALM_MAPPING_AUDIT } from '../../../../domain/audit/audited-records.js';
import { type MerchantRealmMapping, prefixKey } from '../../../../domain/realm-mappings/merchant-realm-mapping.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { InMemoryAuditRecorder } from '../audit/in-memory-audit-recorder.js';
import type { InMemoryState } from '../in-memory-state.js';
import { IN_MEMORY } from '../in-memory-tokens.js';

@injectable()
export class InMemoryMerchantRealmMappingRepository implements MerchantRealmMappingRepository {
  constructor(
    @inject(IN_MEMORY.State) private readonly state: InMemoryState,
    @inject(IN_MEMORY.AuditRecorder) private readonly audit: InMemoryAuditRecorder,
  ) {}

  async findByStore(storeId: Uuid): Promise<MerchantRealmMapping | undefined> {
    return [...this.state.realmMappings.values()].find((m) => m.storeId === storeId);
  }

  async findById(storeId: Uuid, id: Uuid): Promise<MerchantRealmMapping | undefined> {
    const mapping = this.state.realmMappings.get(id);
    return mapping?.storeId === storeId ? mapping : undefined;
  }

  async findByPrefix(prefix: string): Promise<MerchantRealmMapping | undefined> {
    return this.holderOf(prefix);
  }

  private holderOf(prefix: string): MerchantRealmMapping | undefined {
    return [...this.state.realmMappings.values()].find(
      (m) => m.prefix !== null && prefixKey(m.prefix) === prefixKey(prefix),
    );
  }

  async setPrefix(
    storeId: Uuid,
    id: Uuid,
    prefix: string,
  ): Promise<E.Either<Missing | PrefixTaken, MerchantRealmMapping>> {
    const mapping = this.state.realmMappings.get(id);
    if (mapping === undefined || mapping.storeId !== storeId) return E.left(missing);
    // No await between the check and the write: that is what makes the check-and-set atomic here.
    const holder = this.holderOf(prefix);
    if (holder !== undefined && holder.id !== id) return E.left(prefixTaken);
    const updated = { ...mapping, prefix };
    this.state.realmMappings.set(id, updated);
    this.audit.record(storeId, [REALM_MAPPING_AUDIT.updated(id, mapping, updated)]);
    return E.right(updated);
  }
}
