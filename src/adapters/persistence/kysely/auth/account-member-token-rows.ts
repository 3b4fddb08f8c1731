import type { Selectable } from 'kysely';
import type { AccountMemberToken } from '../../../../domain/auth/account-member-token.js';
import type { AccountMemberTokensTable } from '../engine/schema.js';
import { storedUuid } from '../sql/stored-json.js';

export const accountMemberTokenFromRow = (row: Selectable<AccountMemberTokensTable>): AccountMemberToken => ({
  tokenHash: row.token_hash,
  storeId: storedUuid('store id', row.store_id),
  accountId: storedUuid('account id', row.account_id),
  accountMemberId: storedUuid('account member id', row.account_member_id),
  createdAt: row.created_at,
  expiresAt: row.expires_at,
});
