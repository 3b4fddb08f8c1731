import type { Selectable } from 'kysely';
import type { ConsoleSession, SessionSubject } from '../../../../domain/people/console-session.js';
import { emailKey, type MerchantUser } from '../../../../domain/people/merchant-user.js';
import { isRole, type Role } from '../../../../domain/people/role.js';
import { lookupKey } from '../engine/lookup-key.js';
import type { ConsoleSessionsTable, MerchantUsersTable } from '../engine/schema.js';
import { storedDate, storedUuid } from '../sql/stored-json.js';

const storedRole = (value: string): Role => {
  if (!isRole(value)) throw new Error(`stored role is unknown: ${value}`);
  return value;
};

/** The unique key of an email in its store: a hash of its lower-case form, which no text column bounds. */
export const emailLookup = (email: string): string => lookupKey(emailKey(email));

export const userFromRow = (row: Selectable<MerchantUsersTable>): MerchantUser => ({
  id: storedUuid('merchant user id', row.id),
  storeId: storedUuid('store id', row.store_id),
  name: row.name,
  email: row.email,
  role: storedRole(row.role),
  createdAt: storedDate('merchant user created_at', row.created_at),
  updatedAt: storedDate('merchant user updated_at', row.updated_at),
  lastSignedInAt: row.last_signed_in_at === null ? null : storedDate('merchant user signed in', row.last_signed_in_at),
});

export const userToRow = (user: MerchantUser): Selectable<MerchantUsersTable> => ({
  id: user.id,
  store_id: user.storeId,
  name: user.name,
  email: user.email,
  email_key: emailLookup(user.email),
  role: user.role,
  created_at: user.createdAt,
  updated_at: user.updatedAt,
  last_signed_in_at: user.lastSignedInAt,
});

const subjectOf = (row: Selectable<ConsoleSessionsTable>): SessionSubject => {
  if (row.merchant_user_id !== null) return { kind: 'user', id: storedUuid('session user id', row.merchant_user_id) };
  if (row.application_key_id !== null) return { kind: 'key', id: storedUuid('session key id', row.application_key_id) };
  throw new Error('stored console session acts for no one');
};

export const sessionFromRow = (row: Selectable<ConsoleSessionsTable>): ConsoleSession => ({
  idHash: row.id_hash,
  csrfHash: row.csrf_hash,
  storeId: storedUuid('store id', row.store_id),
  subject: subjectOf(row),
  address: row.address,
  userAgent: row.user_agent,
  createdAt: storedDate('session created_at', row.created_at),
  lastUsedAt: storedDate('session last_used_at', row.last_used_at),
  idleExpiresAt: storedDate('session idle_expires_at', row.idle_expires_at),
  expiresAt: storedDate('session expires_at', row.expires_at),
});

export const sessionToRow = (session: ConsoleSession): Selectable<ConsoleSessionsTable> => ({
  id_hash: session.idHash,
  csrf_hash: session.csrfHash,
  store_id: session.storeId,
  merchant_user_id: session.subject.kind === 'user' ? session.subject.id : null,
  application_key_id: session.subject.kind === 'key' ? session.subject.id : null,
  address: session.address,
  user_agent: session.userAgent,
  created_at: session.createdAt,
  last_used_at: session.lastUsedAt,
  idle_expires_at: session.idleExpiresAt,
  expires_at: session.expiresAt,
});
