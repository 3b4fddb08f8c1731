import * as E from 'fp-ts/lib/Either.js';
import type { GatewaySettingsRepository } from '../../../../application/ports/gateways/gateway-settings-repository.js';
import { GATEWAY_SETTINGS_AUDIT, gatewaySettingsRecord } from '../../../../domain/audit/audited-records.js';
import { defaultGatewaySettings, type GatewaySettings } from '../../../../domain/gateways/gateway-settings.js';
import { type GatewaySlug, SERVED_GATEWAYS } from '../../../../domain/gateways/gateway-slug.js';
import type { Uuid } from '../../../../domain/shared/uuid.js';
import type { InMemoryAuditRecorder } from '../audit/in-memory-audit-recorder.js';
import type { InMemoryState } from '../in-memory-state.js';

const keyOf = (storeId: string, slug: GatewaySlug): string => `${storeId}/${slug}`;

/** Each store's gateway settings, kept only for the gateways it changed. */
export class InMemoryGatewaySettingsRepository implements GatewaySettingsRepository {
  constructor(
    private readonly state: InMemoryState,
    private readonly audit: InMemoryAuditRecorder,
  ) {}

  private read(storeId: Uuid, slug: GatewaySlug): GatewaySettings {
    return this.state.gatewaySettings.get(keyOf(storeId, slug)) ?? defaultGatewaySettings(slug);
  }

  async list(storeId: Uuid): Promise<readonly GatewaySettings[] | undefined> {
    return this.state.stores.has(storeId) ? SERVED_GATEWAYS.map((slug) => this.read(storeId, slug)) : undefined;
  }

  async find(storeId: Uuid, slug: GatewaySlug): Promise<GatewaySettings | undefined> {
    return this.state.stores.has(storeId) ? this.read(storeId, slug) : undefined;
  }

  async update<R>(
    storeId: Uuid,
    slug: GatewaySlug,
    change: (current: GatewaySettings) => E.Either<R, GatewaySettings>,
  ): Promise<E.Either<R, GatewaySettings> | undefined> {
    if (!this.state.stores.has(storeId)) return undefined;
    const current = this.read(storeId, slug);
    const next = change(current);
    if (E.isRight(next)) {
      this.state.gatewaySettings.set(keyOf(storeId, slug), next.right);
      this.audit.record(storeId, [
        GATEWAY_SETTINGS_AUDIT.updated(slug, gatewaySettingsRecord(current), gatewaySettingsRecord(next.right)),
      ]);
    }
    return next;
  }
}
