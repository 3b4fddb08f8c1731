import * as E from 'fp-ts/lib/Either.js';
import { pipe } from 'fp-ts/lib/function.js';
import { parseUuidField, type Uuid } from '../shared/uuid.js';
import type { Parsed } from '../shared/validation.js';
import { typedData } from './account-input.js';

export const ACCOUNT_MEMBERSHIP_TYPE = 'account_membership';

/** That a member may act for an account: at most one per account and member, gone with either of them. */
export interface AccountMembership {
  readonly id: Uuid;
  readonly storeId: Uuid;
  readonly accountId: Uuid;
  readonly accountMemberId: Uuid;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** `POST /v2/accounts/:id/account-memberships`: `{"type": "account_membership", "account_member_id": "…"}`. */
export const parseNewMembership = (data: unknown): Parsed<{ readonly accountMemberId: Uuid }> =>
  pipe(
    typedData(data, ACCOUNT_MEMBERSHIP_TYPE),
    E.flatMap((fields) => parseUuidField('data.account_member_id')(fields['account_member_id'])),
    E.map((accountMemberId) => ({ accountMemberId })),
  );
