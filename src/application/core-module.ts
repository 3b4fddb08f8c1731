import { ContainerModule, type Newable } from 'inversify';
import { AuthenticateBearer } from './use-cases/authenticate-bearer.js';
import { CheckHealth } from './use-cases/check-health.js';
import { CreateApplicationKey } from './use-cases/create-application-key.js';
import { CreateStore } from './use-cases/create-store.js';
import { DeleteApplicationKey } from './use-cases/delete-application-key.js';
import { EnsureDefaultStore } from './use-cases/ensure-default-store.js';
import { GetApplicationKey } from './use-cases/get-application-key.js';
import { GetMerchantRealmMapping } from './use-cases/get-merchant-realm-mapping.js';
import { IssueAccessToken } from './use-cases/issue-access-token.js';
import { ListApplicationKeys } from './use-cases/list-application-keys.js';
import { PurgeExpiredTokens } from './use-cases/purge-expired-tokens.js';
import { ResolveMerchantRealm } from './use-cases/resolve-merchant-realm.js';
import { GetStoreSettings, ResetStoreSettings, UpdateStoreSettings } from './use-cases/store-settings.js';
import { UpdateMerchantRealmPrefix } from './use-cases/update-merchant-realm-prefix.js';
import { SubscriptionOfferings } from './use-cases/subscriptions/subscription-offerings.js';
import { SubscriptionPlans } from './use-cases/subscriptions/subscription-plans.js';
import { SubscriptionProducts } from './use-cases/subscriptions/subscription-products.js';
import { Subscriptions } from './use-cases/subscriptions/subscriptions.js';
import { UpdateApplicationKey } from './use-cases/update-application-key.js';

/** Every use case of the core, resolved by its class. */
export const USE_CASES: readonly Newable<object>[] = [
  AuthenticateBearer,
  CheckHealth,
  CreateApplicationKey,
  CreateStore,
  DeleteApplicationKey,
  EnsureDefaultStore,
  GetApplicationKey,
  GetMerchantRealmMapping,
  GetStoreSettings,
  IssueAccessToken,
  ListApplicationKeys,
  PurgeExpiredTokens,
  ResetStoreSettings,
  ResolveMerchantRealm,
  SubscriptionOfferings,
  SubscriptionPlans,
  SubscriptionProducts,
  Subscriptions,
  UpdateApplicationKey,
  UpdateMerchantRealmPrefix,
  UpdateStoreSettings,
];

/** Binds the use cases; the ports they need come from a persistence module and a system module. */
export const coreModule = new ContainerModule(({ bind }) => {
  for (const useCase of USE_CASES) bind(useCase).toSelf().inSingletonScope();
});
