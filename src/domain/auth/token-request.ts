import * as E from 'fp-ts/lib/Either.js';
import { issue, type ValidationIssue } from '../shared/errors.js';
import { isRecord } from '../shared/validation.js';
import type { Parsed } from '../shared/validation.js';
import type { GrantType } from './grant.js';

export type TokenRequest =
  | { readonly grant: 'client_credentials'; readonly clientId: string; readonly clientSecret: string }
  | { readonly grant: 'implicit'; readonly clientId: string };

const GRANTS: readonly GrantType[] = ['client_credentials', 'implicit'];
const CREDENTIAL_MAX = 512;

const text = (form: Readonly<Record<string, unknown>>, key: string): string | undefined => {
  const value = form[key];
  return typeof value === 'string' && value.length > 0 && value.length <= CREDENTIAL_MAX ? value : undefined;
};

/** Reads a form-encoded token request; missing fields and unknown grants are reported together. */
export const parseTokenRequest = (form: unknown): Parsed<TokenRequest> => {
  const fields = isRecord(form) ? form : {};
  const grant = fields['grant_type'];
  const clientId = text(fields, 'client_id');
  const clientSecret = text(fields, 'client_secret');
  const problems: ValidationIssue[] = [];
  if (typeof grant !== 'string' || !(GRANTS as readonly string[]).includes(grant)) {
    problems.push(issue('grant_type', `must be one of ${GRANTS.join(', ')}`));
  }
  if (clientId === undefined) problems.push(issue('client_id', 'is required'));
  if (grant === 'client_credentials' && clientSecret === undefined) problems.push(issue('client_secret', 'is required'));
  const [first, ...rest] = problems;
  if (first !== undefined) return E.left([first, ...rest]);
  return E.right(
    grant === 'client_credentials'
      ? { grant, clientId: clientId as string, clientSecret: clientSecret as string }
      : { grant: 'implicit', clientId: clientId as string },
  );
};
