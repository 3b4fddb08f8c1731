import * as E from 'fp-ts/lib/Either.js';
import { issue, type ValidationIssue } from '../shared/errors.js';
import { codePoints, isStorableText, STORABLE_TEXT_RULE } from '../shared/text.js';
import type { Parsed } from '../shared/validation.js';
import { isRecord } from '../shared/validation.js';
import type { GrantType } from './grant.js';

export type TokenRequest =
  | { readonly grant: 'client_credentials'; readonly clientId: string; readonly clientSecret: string }
  | { readonly grant: 'implicit'; readonly clientId: string };

export const GRANTS: readonly GrantType[] = ['client_credentials', 'implicit'];
/** The longest `client_id` or `client_secret` read, in code points as every text limit. */
export const CREDENTIAL_MAX = 512;

/** A credential field: absent, unusable text (reported by name), or its value. */
const credential = (
  form: Readonly<Record<string, unknown>>,
  key: string,
  problems: ValidationIssue[],
): string | undefined => {
  const value = form[key];
  if (typeof value !== 'string' || value.length === 0) return undefined;
  if (!isStorableText(value)) problems.push(issue(key, STORABLE_TEXT_RULE));
  else if (codePoints(value) > CREDENTIAL_MAX)
    problems.push(issue(key, `must be at most ${CREDENTIAL_MAX} characters long`));
  else return value;
  return undefined;
};

/** Reads a form-encoded token request; missing, unusable fields and unknown grants are reported together. */
export const parseTokenRequest = (form: unknown): Parsed<TokenRequest> => {
  const fields = isRecord(form) ? form : {};
  const grant = fields['grant_type'];
  const problems: ValidationIssue[] = [];
  if (typeof grant !== 'string' || !(GRANTS as readonly string[]).includes(grant)) {
    problems.push(issue('grant_type', `must be one of ${GRANTS.join(', ')}`));
  }
  const clientId = credential(fields, 'client_id', problems);
  const clientSecret = grant === 'client_credentials' ? credential(fields, 'client_secret', problems) : undefined;
  const reported = new Set(problems.map((p) => p.source));
  if (clientId === undefined && !reported.has('client_id')) problems.push(issue('client_id', 'is required'));
  if (grant === 'client_credentials' && clientSecret === undefined && !reported.has('client_secret'))
    problems.push(issue('client_secret', 'is required'));
  const [first, ...rest] = problems;
  if (first !== undefined) return E.left([first, ...rest]);
  return E.right(
    grant === 'client_credentials'
      ? { grant, clientId: clientId as string, clientSecret: clientSecret as string }
      : { grant: 'implicit', clientId: clientId as string },
  );
};
