import { ContainerModule, type Newable } from 'inversify';
import { AuthenticateBearer } from './use-cases/auth/authenticate-bearer.js';
import { CheckHealth } from './use-cases/health/check-health.js';
import { CheckReadiness } from './use-cases/health/check-readiness.js';
import { CreateApplicationKey } from './use-cases/keys/create-application-key.js';
import { CreateStore } from './use-cases/stores/create-store.js';
import { DeleteApplicationKey } from './use-cases/keys/delete-application-key.js';
import { EnsureDefaultStore } from './use-cases/stores/ensure-default-store.js';
import { GetApplicationKey } from './use-cases/keys/get-application-key.js';
import { GetMerchantRealmMapping } from './use-cases/realm-mappings/get-merchant-realm-mapping.js';
import { IssueAccessToken } from './use-cases/auth/issue-access-token.js';
import { RevokeAccessToken } from './use-cases/auth/revoke-access-token.js';
import { RotateApplicationKeySecret } from './use-cases/keys/rotate-application-key-secret.js';
import { ListApplicationKeys } from './use-cases/keys/list-application-keys.js';
import { ListStores } from './use-cases/stores/list-stores.js';
import { PurgeExpiredTokens } from './use-cases/auth/purge-expired-tokens.js';
import { ResolveMerchantRealm } from './use-cases/realm-mappings/resolve-merchant-realm.js';
import { GetStoreSettings } from './use-cases/settings/store-settings.js';
import { ResetStoreSettings } from './use-cases/settings/reset-store-settings.js';
import { UpdateStoreSettings } from './use-cases/settings/update-store-settings.js';
import { UpdateMerchantRealmPrefix } from './use-cases/realm-mappings/update-merchant-realm-prefix.js';
import { AttachOfferingPlans } from './use-cases/catalogue/attach-offering-plans.js';
import { AttachOfferingProducts } from './use-cases/catalogue/attach-to-offering.js';
import { DeleteOffering } from './use-cases/catalogue/delete-offering.js';
import { UpdateOffering } from './use-cases/catalogue/change-offering.js';
import { DetachOfferingPlan } from './use-cases/catalogue/detach-offering-plan.js';
import { DetachOfferingProduct } from './use-cases/catalogue/detach-from-offering.js';
import { UpdateOfferingPlan } from './use-cases/catalogue/update-offering-plan.js';
import { UpdateOfferingProduct } from './use-cases/catalogue/edit-offering-copy.js';
import { ReplaceOfferingProducts } from './use-cases/catalogue/replace-offering-products.js';
import { BuildOffering } from './use-cases/catalogue/build-offering.js';
import { CreateOffering } from './use-cases/catalogue/create-offering.js';
import { CreateSubscription } from './use-cases/subscriptions/create-subscription.js';
import { DeleteSubscription } from './use-cases/subscriptions/delete-subscription.js';
import { UpdateSubscription } from './use-cases/subscriptions/update-subscription.js';
import { ManageSubscriptionProducts } from './use-cases/subscriptions/manage-subscription-products.js';
import { ListPlansOfSubscription } from './use-cases/subscriptions/list-subscription-copies.js';
import { ListProductsOfSubscription } from './use-cases/subscriptions/list-products-of-subscription.js';
import { ListOfferingPlans } from './use-cases/catalogue/list-offering-plans.js';
import { ListOfferingProducts } from './use-cases/catalogue/list-offering-copies.js';
import { GetOffering } from './use-cases/catalogue/read-offerings.js';
import { ListOfferings } from './use-cases/catalogue/list-offerings.js';
import { GetSubscription } from './use-cases/subscriptions/read-subscriptions.js';
import { ListSubscriptions } from './use-cases/subscriptions/list-subscriptions.js';
import {
  CreateDunningRule,
  DeleteDunningRule,
  GetDunningRule,
  ListDunningRules,
  UpdateDunningRule,
} from './use-cases/billing/dunning-rules.js';
import {
  CreateProrationPolicy,
  DeleteProrationPolicy,
  GetProrationPolicy,
  ListProrationPolicies,
  UpdateProrationPolicy,
} from './use-cases/billing/proration-policies.js';
import { GetAccountMembershipSettings } from './use-cases/settings/account-membership-settings.js';
import { UpdateAccountMembershipSettings } from './use-cases/settings/update-account-membership-settings.js';
import { GetCartSettings } from './use-cases/settings/cart-settings.js';
import { UpdateCartSettings } from './use-cases/settings/update-cart-settings.js';
import { SetOfferingProrationPolicy } from './use-cases/billing/offering-proration-policy.js';
import { CreateSubscriber } from './use-cases/subscriptions/subscribers.js';
import { DeleteSubscriber } from './use-cases/subscriptions/subscribers.js';
import { GetSubscriber } from './use-cases/subscriptions/subscribers.js';
import { ListSubscribers } from './use-cases/subscriptions/subscribers.js';
import { UpdateSubscriber } from './use-cases/subscriptions/subscribers.js';
import { ChangeSubscriptionState } from './use-cases/subscriptions/subscription-states.js';
import { GetSubscriptionState } from './use-cases/subscriptions/get-subscription-state.js';
import { ListSubscriptionStates } from './use-cases/subscriptions/list-subscription-states.js';
import {
  CreateSubscriptionPlan,
  DeleteSubscriptionPlan,
  GetSubscriptionPlan,
  ListSubscriptionPlans,
  UpdateSubscriptionPlan,
} from './use-cases/catalogue/subscription-plans.js';
import {
  CreateSubscriptionProduct,
  DeleteSubscriptionProduct,
  GetSubscriptionProduct,
  ListSubscriptionProducts,
  UpdateSubscriptionProduct,
} from './use-cases/catalogue/subscription-products.js';
import { UpdateApplicationKey } from './use-cases/keys/update-application-key.js';
import { IdempotentRequests } from './use-cases/idempotency/idempotent-requests.js';
import { StoreTime } from './use-cases/test-clocks/store-time.js';
import { AdvanceTestClock } from './use-cases/test-clocks/advance-test-clock.js';
import { GetTestClock } from './use-cases/test-clocks/test-clock-use-cases.js';
import { GetImport } from './use-cases/imports/read-imports.js';
import { ListImportErrors } from './use-cases/imports/list-import-errors.js';
import { ListImports } from './use-cases/imports/list-imports.js';
import { RunImport } from './use-cases/imports/run-import.js';
import { SweepAbandonedImportLines } from './use-cases/imports/sweep-abandoned-import-lines.js';
import { UploadImport } from './use-cases/imports/upload-import.js';
import { AdmitRequest } from './use-cases/rate-limits/admit-request.js';
import { FailedAuthentications } from './use-cases/auth/failed-authentications.js';
import { SetStoreRateLimit } from './use-cases/stores/set-store-rate-limit.js';
import { GetInvoice } from './use-cases/billing/get-invoice.js';
import { GetInvoicePayment } from './use-cases/billing/get-invoice-payment.js';
import { InvoiceLookup } from './use-cases/billing/read-invoices.js';
import { ListInvoicePayments } from './use-cases/billing/list-invoice-payments.js';
import { ListInvoices } from './use-cases/billing/list-invoices.js';
import { RunBilling } from './use-cases/billing/run-billing.js';
import { RunPayments } from './use-cases/billing/run-payments.js';
import { RunTaxes } from './use-cases/billing/run-taxes.js';
import { SettleInvoicePayment } from './use-cases/billing/settle-invoice-payment.js';
import { RequestPaymentAttempt } from './use-cases/billing/request-payment-attempt.js';
import { TOKENS } from './tokens.js';
import { DeleteJob } from './use-cases/jobs/delete-job.js';
import { GetJob } from './use-cases/jobs/get-job.js';
import { ListJobs } from './use-cases/jobs/list-jobs.js';
import { ResumeUnfinishedJobs } from './use-cases/jobs/resume-unfinished-jobs.js';
import { SubmitJob } from './use-cases/jobs/job-use-cases.js';
import { SubmitScheduledJob } from './use-cases/jobs/submit-scheduled-job.js';
import { RunLane } from './use-cases/jobs/run-lane.js';

import { CreateSchedule } from './use-cases/schedules/schedules.js';
import { DeleteSchedule } from './use-cases/schedules/delete-schedule.js';
import { FireSchedule } from './use-cases/schedules/fire-schedule.js';
import { GetSchedule } from './use-cases/schedules/get-schedule.js';
import { ListSchedules } from './use-cases/schedules/list-schedules.js';
import { NextFirings } from './use-cases/schedules/next-firings.js';
import { RegisterSchedules } from './use-cases/schedules/register-schedules.js';
import { UpdateSchedule } from './use-cases/schedules/update-schedule.js';
import { StoredImportJobs } from './use-cases/imports/stored-import-jobs.js';

/** Every use case of the core, resolved by its class. */
export const USE_CASES: readonly Newable<object>[] = [
  DeleteJob,
  GetJob,
  ListJobs,
  ResumeUnfinishedJobs,
  RunLane,
  SubmitJob,
  SubmitScheduledJob,
  GetImport,
  ListImportErrors,
  ListImports,
  RunImport,
  SweepAbandonedImportLines,
  UploadImport,
  CreateSchedule,
  DeleteSchedule,
  FireSchedule,
  GetSchedule,
  ListSchedules,
  NextFirings,
  RegisterSchedules,
  UpdateSchedule,
  CreateDunningRule,
  CreateProrationPolicy,
  DeleteDunningRule,
  DeleteProrationPolicy,
  GetAccountMembershipSettings,
  GetCartSettings,
  GetDunningRule,
  GetProrationPolicy,
  ListDunningRules,
  ListProrationPolicies,
  SetOfferingProrationPolicy,
  UpdateAccountMembershipSettings,
  UpdateCartSettings,
  UpdateDunningRule,
  UpdateProrationPolicy,
  AdmitRequest,
  FailedAuthentications,
  SetStoreRateLimit,
  AttachOfferingPlans,
  AttachOfferingProducts,
  AuthenticateBearer,
  BuildOffering,
  ChangeSubscriptionState,
  IdempotentRequests,
  GetTestClock,
  AdvanceTestClock,
  CheckHealth,
  CheckReadiness,
  CreateApplicationKey,
  CreateOffering,
  CreateStore,
  CreateSubscriber,
  CreateSubscription,
  CreateSubscriptionPlan,
  CreateSubscriptionProduct,
  DeleteApplicationKey,
  DeleteOffering,
  DeleteSubscription,
  DeleteSubscriber,
  DeleteSubscriptionPlan,
  DeleteSubscriptionProduct,
  DetachOfferingPlan,
  DetachOfferingProduct,
  EnsureDefaultStore,
  GetApplicationKey,
  GetMerchantRealmMapping,
  GetOffering,
  GetStoreSettings,
  GetSubscriber,
  GetSubscription,
  GetSubscriptionState,
  GetSubscriptionPlan,
  GetSubscriptionProduct,
  IssueAccessToken,
  RevokeAccessToken,
  RotateApplicationKeySecret,
  ListApplicationKeys,
  ListOfferingPlans,
  ManageSubscriptionProducts,
  ListPlansOfSubscription,
  ListProductsOfSubscription,
  ListStores,
  ListOfferingProducts,
  ListOfferings,
  ListSubscribers,
  ListSubscriptionPlans,
  ListSubscriptionProducts,
  ListSubscriptionStates,
  ListSubscriptions,
  PurgeExpiredTokens,
  ReplaceOfferingProducts,
  ResetStoreSettings,
  ResolveMerchantRealm,
  UpdateApplicationKey,
  UpdateSubscription,
  UpdateMerchantRealmPrefix,
  UpdateOffering,
  UpdateOfferingPlan,
  UpdateOfferingProduct,
  UpdateSubscriber,
  UpdateSubscriptionPlan,
  UpdateSubscriptionProduct,
  UpdateStoreSettings,
  InvoiceLookup,
  ListInvoices,
  GetInvoice,
  ListInvoicePayments,
  GetInvoicePayment,
  SettleInvoicePayment,
  RequestPaymentAttempt,
  RunBilling,
  RunTaxes,
  RunPayments,
];

/** Binds the use cases; the ports they need come from a persistence module and a system module. */
export const coreModule = new ContainerModule(({ bind }) => {
  for (const useCase of USE_CASES) bind(useCase).toSelf().inSingletonScope();
  bind(TOKENS.StoreClock).to(StoreTime).inSingletonScope();
  // Import jobs are stored and queued as every job is: application logic over the job ports.
  bind(TOKENS.ImportJobs).to(StoredImportJobs).inSingletonScope();
});
