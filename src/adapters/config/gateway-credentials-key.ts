import * as E from 'fp-ts/lib/Either.js';
import { CREDENTIALS_KEY_BYTES } from '../system/aes-gcm-credential-cipher.js';

type Env = Readonly<Record<string, string | undefined>>;

const HEX = /^[0-9a-fA-F]{64}$/;
const BASE64 = /^[A-Za-z0-9+/]{43}=$|^[A-Za-z0-9_-]{43}$/;

/**
 * `GATEWAY_CREDENTIALS_KEY`: the 32-byte key gateway credentials are encrypted with, as 64 hex digits or
 * base64 (standard or URL-safe). Unset, no credential can be stored, and the gateways' other settings still can.
 */
export const readGatewayCredentialsKey = (env: Env): E.Either<string, Buffer | undefined> => {
  const raw = env['GATEWAY_CREDENTIALS_KEY']?.trim();
  if (raw === undefined || raw === '') return E.right(undefined);
  const key = HEX.test(raw)
    ? Buffer.from(raw, 'hex')
    : BASE64.test(raw)
      ? Buffer.from(raw.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
      : undefined;
  // The value is never repeated: a message about a key must not become a copy of it.
  return key?.length === CREDENTIALS_KEY_BYTES
    ? E.right(key)
    : E.left(
        `GATEWAY_CREDENTIALS_KEY must be ${CREDENTIALS_KEY_BYTES} bytes as 64 hex digits or as base64 (openssl rand -base64 32), got ${raw.length} characters that are neither`,
      );
};
