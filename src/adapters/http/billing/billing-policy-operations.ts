import {
  DUNNING_ACTIONS,
  DUNNING_RULE_TYPE,
  PAYMENT_RETRIES_LIMIT_MAX,
  PAYMENT_RETRY_INTERVAL_MAX,
  PAYMENT_RETRY_MULTIPLIER_MAX,
  PAYMENT_RETRY_TYPES,
  PAYMENT_RETRY_UNITS,
} from '../../../domain/billing/dunning/dunning-rule.js';
import { PRORATION_POLICY_TYPE, PRORATION_ROUNDINGS } from '../../../domain/billing/proration/proration-policy.js';
import { SCHEDULE_TYPE, SCHEDULED_JOB_TYPES } from '../../../domain/schedules/schedule.js';
import { TIMING_TEXT_MAX } from '../../../domain/schedules/schedule-timing.js';
import { catalogueText } from '../catalogue/subscription-catalogue-schemas.js';
import type { Schema } from '../openapi/openapi-types.js';
import {
  boolean,
  closedObject,
  constant,
  integer,
  oneOfStrings,
  parameterRef,
  timestamp,
  uuid,
} from '../openapi/schema-builders.js';
import { RECORD_META as meta, recordOperations } from '../routes/record-operations.js';

const prorationFields: Readonly<Record<string, Schema>> = {
  name: catalogueText.name,
  rounding: oneOfStrings(
    PRORATION_ROUNDINGS,
    'How the days of a partial billing period are rounded: `up`, `down` or to the `nearest` whole day.',
  ),
  external_ref: { ...catalogueText.external_ref, description: 'Unique among the proration policies of the store.' },
};
const OPTIONAL_PRORATION_FIELDS = ['external_ref'];

const dunningFields: Readonly<Record<string, Schema>> = {
  payment_retry_type: oneOfStrings(
    PAYMENT_RETRY_TYPES,
    'The retry schedule: `fixed` waits `payment_retry_interval` units before every retry; `backoff` waits interval × multiplier^(n-1) before retry n; `tiered` waits interval × multiplier^⌊(n-1)/3⌋ (three retries per tier). EPCC documents only `fixed`; all three are honoured here.',
  ),
  payment_retry_interval: integer(
    1,
    PAYMENT_RETRY_INTERVAL_MAX,
    'How many `payment_retry_unit`s to wait between retries.',
  ),
  payment_retry_unit: oneOfStrings(PAYMENT_RETRY_UNITS),
  payment_retry_multiplier: {
    type: 'number',
    minimum: 1,
    maximum: PAYMENT_RETRY_MULTIPLIER_MAX,
    description:
      'How much longer each wait (backoff) or each tier of three waits (tiered) is than the one before; not with `fixed`. Default 2.',
  },
  payment_retries_limit: integer(
    0,
    PAYMENT_RETRIES_LIMIT_MAX,
    `How many retries after the first attempt before \`action\` is taken (EPCC: 0–${PAYMENT_RETRIES_LIMIT_MAX}).`,
  ),
  action: oneOfStrings(DUNNING_ACTIONS, 'What happens to the subscription when every retry has failed.'),
  default: { ...boolean, description: "Whether this is the store's default rule; one rule of a store at most." },
};
const OPTIONAL_DUNNING_FIELDS = ['payment_retry_interval', 'payment_retry_unit', 'payment_retry_multiplier', 'default'];

const scheduleFields: Readonly<Record<string, Schema>> = {
  specification: {
    type: 'string',
    minLength: 1,
    maxLength: TIMING_TEXT_MAX,
    description:
      'Five cron fields: minute hour day-of-month month day-of-week, with ranges, lists, steps and `JAN`-`DEC` / `SUN`-`SAT` names (for example `30 0 * * *`). Seconds, years and `@daily`-style macros are refused.',
  },
  location: {
    type: 'string',
    minLength: 1,
    maxLength: TIMING_TEXT_MAX,
    description: 'The IANA time zone the specification is read in, such as `Europe/London`.',
  },
  job: closedObject({
    job_type: oneOfStrings(
      SCHEDULED_JOB_TYPES,
      'The job each firing starts; an `import` needs a file, so it cannot be scheduled.',
    ),
  }),
  name: catalogueText.name,
  external_ref: { ...catalogueText.external_ref, description: 'Unique among the schedules of the store.' },
};
const OPTIONAL_SCHEDULE_FIELDS = ['name', 'external_ref'];

export const BILLING_POLICY_SCHEMAS: Readonly<Record<string, Schema>> = {
  ProrationPolicy: closedObject(
    {
      id: uuid,
      type: constant(PRORATION_POLICY_TYPE),
      attributes: closedObject(prorationFields, OPTIONAL_PRORATION_FIELDS),
      meta,
    },
    [],
    'How the subscriptions of the offerings that use it are charged for part of a billing period.',
  ),
  DunningRule: closedObject(
    {
      id: uuid,
      type: constant(DUNNING_RULE_TYPE),
      attributes: closedObject(
        dunningFields,
        OPTIONAL_DUNNING_FIELDS.filter((f) => f !== 'default'),
      ),
      meta,
    },
    [],
    "How failed payments are retried, and what follows when they all fail. `default` is always written, `false` unless this is the store's default rule.",
  ),
  Schedule: closedObject(
    {
      id: uuid,
      type: constant(SCHEDULE_TYPE),
      attributes: closedObject(
        { ...scheduleFields, created_at: timestamp, updated_at: timestamp },
        OPTIONAL_SCHEDULE_FIELDS,
      ),
      meta: closedObject({
        owner: constant('store', 'Every record belongs to the store.'),
        timestamps: closedObject({ created_at: timestamp, updated_at: timestamp }),
        scheduled_for: {
          ...timestamp,
          description: 'The next instant the schedule fires, after the time of the request.',
        },
      }),
    },
    [],
    'Starts a job of `job.job_type` at each instant of `specification`, read in `location`; each instant once, however many instances run.',
  ),
};

export const PRORATION_POLICY_OPERATIONS = recordOperations({
  tag: 'Proration policies',
  collection: '/subscriptions/proration-policies',
  schema: 'ProrationPolicy',
  singular: 'proration policy',
  plural: 'ProrationPolicies',
  operationNoun: 'ProrationPolicy',
  type: PRORATION_POLICY_TYPE,
  fields: prorationFields,
  optional: OPTIONAL_PRORATION_FIELDS,
  required: ['name', 'rounding'],
  conflict: {
    code: 'external_ref_taken',
    description: 'Another proration policy of the store has this `external_ref`.',
  },
  invalid: 'Every invalid field, each with its `source` (`data.type`, `data.attributes.rounding`, ...).',
  deletion:
    'Refused while an offering uses the policy (EPCC: detach it from every offering first); nothing else is deleted with it.',
  deleteConflict:
    'An offering uses the policy; remove it from the offering first (`PUT .../offerings/{id}/relationships/proration-policies` with `null`).',
});

export const DUNNING_RULE_OPERATIONS = recordOperations({
  tag: 'Dunning rules',
  collection: '/subscriptions/dunning-rules',
  schema: 'DunningRule',
  singular: 'dunning rule',
  plural: 'DunningRules',
  operationNoun: 'DunningRule',
  type: DUNNING_RULE_TYPE,
  fields: dunningFields,
  optional: OPTIONAL_DUNNING_FIELDS,
  required: ['payment_retry_type', 'payment_retries_limit', 'action'],
  conflict: {
    code: 'default_taken',
    description: 'The rule would be the default while another rule of the store is.',
  },
  invalid:
    'Every invalid field, each with its `source`; `payment_retry_multiplier` with a `payment_retry_type` other than `backoff`.',
  deletion: "A rule can be deleted at any time, the store's default too: the store then has no default rule.",
});

export const SCHEDULE_OPERATIONS = recordOperations({
  tag: 'Schedules',
  collection: '/subscriptions/schedules',
  schema: 'Schedule',
  singular: 'schedule',
  plural: 'Schedules',
  operationNoun: 'Schedule',
  type: SCHEDULE_TYPE,
  fields: scheduleFields,
  optional: OPTIONAL_SCHEDULE_FIELDS,
  required: ['specification', 'location', 'job'],
  conflict: { code: 'external_ref_taken', description: 'Another schedule of the store has this `external_ref`.' },
  invalid:
    'Every invalid field, each with its `source`: a specification that is not five valid cron fields, an unknown time zone, `job.job_type` `import`.',
  deletion: 'The schedule fires no more; jobs it started stay.',
  filter: parameterRef('ScheduleFilter'),
});
