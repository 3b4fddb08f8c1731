import * as E from 'fp-ts/lib/Either.js';
import { issue, issues, type ValidationIssue } from '../../shared/errors.js';
import { parseUuid, type Uuid } from '../../shared/uuid.js';
import { isRecord, type Parsed } from '../../shared/validation.js';
import { PRORATION_POLICY_TYPE } from './proration-policy.js';

/**
 * The `data` of `PUT /subscriptions/offerings/:id/relationships/proration-policies`: the policy the offering
 * uses from now on, `{"type": "subscription_proration_policy", "id": ...}`, or `null` to use none.
 */
export const parseProrationPolicyReference = (data: unknown): Parsed<Uuid | null> => {
  if (data === null) return E.right(null);
  if (!isRecord(data)) return E.left(issues('data', 'must be an object with type and id, or null'));
  const problems: ValidationIssue[] = [];
  if (data['type'] !== PRORATION_POLICY_TYPE)
    problems.push(
      issue('data.type', data['type'] === undefined ? 'is required' : `must be '${PRORATION_POLICY_TYPE}'`),
    );
  const id = parseUuid(data['id']);
  if (id === undefined) problems.push(issue('data.id', data['id'] === undefined ? 'is required' : 'must be a UUID'));
  const [first, ...rest] = problems;
  return first === undefined ? E.right(id as Uuid) : E.left([first, ...rest]);
};
