import type { AdmitRequest, RateDecision } from '../../application/use-cases/rate-limits/admit-request.js';
import type { AppMetrics } from './app-metrics.js';

type Admissions = Pick<AdmitRequest, 'execute' | 'forClientId'>;

/** The admission use case with each decision counted by outcome; the use case itself knows nothing of metrics. */
export const countedAdmissions = (admit: Admissions, metrics: Pick<AppMetrics, 'admission'>): Admissions => {
  const counted = (decision: RateDecision): RateDecision => {
    metrics.admission(decision.outcome);
    return decision;
  };
  return {
    execute: async (storeId, keyId) => counted(await admit.execute(storeId, keyId)),
    forClientId: async (clientId) => {
      const decision = await admit.forClientId(clientId);
      return decision === undefined ? undefined : counted(decision);
    },
  };
};
