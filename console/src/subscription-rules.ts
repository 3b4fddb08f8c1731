/** What the console needs of a subscription and its plan to say where it stands and what may be done. */
export interface SubscriptionFlags {
  readonly status: 'active' | 'inactive';
  readonly canceled: boolean;
  readonly paused: boolean;
  readonly closed: boolean;
  readonly pending: boolean;
  readonly suspended: boolean;
}

export interface PlanRules {
  readonly can_pause?: boolean;
  readonly can_resume?: boolean;
  readonly can_cancel?: boolean;
}

export type StateAction = 'pause' | 'resume' | 'cancel';

/** EPCC's word for where a subscription is in its life, the most telling first. */
export const stateOf = (s: SubscriptionFlags): string =>
  s.closed
    ? 'closed'
    : s.canceled
      ? 'canceled'
      : s.paused
        ? 'paused'
        : s.suspended
          ? 'suspended'
          : s.pending
            ? 'pending'
            : s.status;

/**
 * The actions EPCC allows: none once closed or canceled; resume when paused, pause otherwise; cancel
 * while neither. Each only where the plan allows it; a plan not read yet allows what the state does, and
 * the API still refuses what the plan forbids.
 */
export const allowedActions = (s: SubscriptionFlags, plan: PlanRules | undefined): StateAction[] => {
  if (s.closed || s.canceled) return [];
  const actions: StateAction[] = [];
  if (s.paused) {
    if (plan?.can_resume !== false) actions.push('resume');
  } else if (plan?.can_pause !== false) actions.push('pause');
  if (plan?.can_cancel !== false) actions.push('cancel');
  return actions;
};
