import * as E from 'fp-ts/lib/Either.js';
import { isObservableKey, OBSERVABLE_KEYS, type ObservableKey } from '../events/event-keys.js';
import { booleanValue } from '../shared/boolean.js';
import { issue, issues, type ValidationIssue } from '../shared/errors.js';
import {
  type Changes,
  type Created,
  optionalField,
  parseChanges,
  parseCreated,
  requiredField,
} from '../shared/record-parser.js';
import { boundedString } from '../shared/text.js';
import type { Uuid } from '../shared/uuid.js';
import { isRecord, type Parsed } from '../shared/validation.js';

export const INTEGRATION_TYPE = 'integration';
/** EPCC's integration types; only webhooks are delivered here. */
export const EPCC_INTEGRATION_TYPES = ['webhook', 'aws_sqs', 'stomp'] as const;
export const SUPPORTED_INTEGRATION_TYPES = ['webhook'] as const;
export type IntegrationType = (typeof SUPPORTED_INTEGRATION_TYPES)[number];

export const NAME_MAX = 255;
export const DESCRIPTION_MAX = 1024;
export const URL_MAX = 2048;
export const SECRET_KEY_MAX = 255;

/** Where a webhook is delivered and the secret it is sent and signed with. */
export interface WebhookConfiguration {
  readonly url: string;
  readonly secret_key?: string;
}

/** The fields of an integration, named as the API names them. */
export interface IntegrationAttributes {
  readonly name: string;
  readonly description?: string;
  readonly enabled: boolean;
  readonly integration_type: IntegrationType;
  readonly observes: readonly ObservableKey[];
  readonly configuration: WebhookConfiguration;
}

/** A store's subscription to observable events, delivered to a webhook. */
export interface Integration {
  readonly id: Uuid;
  readonly storeId: Uuid;
  readonly attributes: IntegrationAttributes;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

const listIssues = (found: readonly ValidationIssue[]): Parsed<never> | undefined => {
  const [first, ...rest] = found;
  return first === undefined ? undefined : E.left([first, ...rest]);
};

/** Room for every key twice (repeats are kept once), so a list longer than that is no honest subscription. */
export const OBSERVES_MAX = OBSERVABLE_KEYS.length * 2;

/** An array of observable keys (EPCC's and ours), each once, in the order first given. */
const parseObserves =
  (source: string) =>
  (input: unknown): Parsed<readonly ObservableKey[]> => {
    if (!Array.isArray(input)) return E.left(issues(source, 'must be an array of observable keys'));
    if (input.length > OBSERVES_MAX) return E.left(issues(source, `must have at most ${OBSERVES_MAX} entries`));
    const problems: ValidationIssue[] = [];
    const keys = new Set<ObservableKey>();
    input.forEach((key: unknown, i) => {
      if (typeof key === 'string' && isObservableKey(key)) keys.add(key);
      else
        problems.push(
          issue(
            `${source}.${i}`,
            "must be one of EPCC's observable keys (such as 'subscription.created') or this service's own",
          ),
        );
    });
    return listIssues(problems) ?? E.right([...keys]);
  };

/** An absolute http or https URL without credentials, whose host is a name or an IP address. */
export const parseWebhookUrl =
  (source: string) =>
  (input: unknown): Parsed<string> => {
    const text = boundedString(1, URL_MAX)(source)(input);
    if (E.isLeft(text)) return text;
    let url: URL;
    try {
      url = new URL(text.right);
    } catch {
      return E.left(issues(source, 'must be an absolute http or https URL'));
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      return E.left(issues(source, 'must be an http or https URL'));
    if (url.username !== '' || url.password !== '')
      return E.left(issues(source, 'must not carry a user name or password'));
    if (url.hostname === '') return E.left(issues(source, 'must name a host'));
    return E.right(text.right);
  };

/**
 * The characters a webhook secret may have: printable ASCII, no space at either end. It is sent as the
 * `X-MOLTIN-SECRET-KEY` header, which Node refuses to send with a control character or one beyond Latin-1
 * and sends a Latin-1 one as one byte, while the signature is keyed with the secret's UTF-8 bytes: ASCII
 * is where the two are the same bytes. HTTP strips spaces around a header's value, so a receiver would
 * read a secret that starts or ends with one without it.
 */
export const SECRET_KEY_PATTERN = /^[!-~](?:[ -~]*[!-~])?$/;
export const SECRET_KEY_RULE =
  'must be printable ASCII characters (a space only between others): it is sent as the X-MOLTIN-SECRET-KEY header';

const parseSecretKey =
  (source: string) =>
  (input: unknown): Parsed<string> => {
    const text = boundedString(1, SECRET_KEY_MAX)(source)(input);
    if (E.isLeft(text)) return text;
    return SECRET_KEY_PATTERN.test(text.right) ? text : E.left(issues(source, SECRET_KEY_RULE));
  };

const CONFIGURATION_FIELDS = {
  url: requiredField(parseWebhookUrl),
  secret_key: optionalField(parseSecretKey),
};

const parseConfiguration =
  (mode: 'create' | 'update') =>
  (source: string) =>
  (input: unknown): Parsed<Created<typeof CONFIGURATION_FIELDS>> =>
    mode === 'create'
      ? parseCreated(CONFIGURATION_FIELDS, input, source)
      : (parseChanges(CONFIGURATION_FIELDS, input, source) as Parsed<Created<typeof CONFIGURATION_FIELDS>>);

/** EPCC's three types are all understood; which one is supported is decided after the fields are valid. */
const parseIntegrationType =
  (source: string) =>
  (input: unknown): Parsed<string> =>
    typeof input === 'string' && (EPCC_INTEGRATION_TYPES as readonly string[]).includes(input)
      ? E.right(input)
      : E.left(issues(source, `must be one of ${EPCC_INTEGRATION_TYPES.map((t) => `'${t}'`).join(', ')}`));

const FIELDS = {
  name: requiredField(boundedString(1, NAME_MAX)),
  description: optionalField(boundedString(0, DESCRIPTION_MAX)),
  enabled: optionalField(booleanValue),
  integration_type: requiredField(parseIntegrationType),
  observes: requiredField(parseObserves),
};

export type IntegrationChanges = Changes<typeof FIELDS> & {
  readonly configuration?: Partial<WebhookConfiguration> & { readonly secret_key?: string | null };
};

/** Refusals of a well-formed integration. */
export type IntegrationRefusal =
  | { readonly _tag: 'Invalid'; readonly issues: ReturnType<typeof issues> }
  | { readonly _tag: 'Unsupported'; readonly detail: string };

const unsupported = (type: string): IntegrationRefusal => ({
  _tag: 'Unsupported',
  detail: `integration_type '${type}' is not supported here: only ${SUPPORTED_INTEGRATION_TYPES.map((t) => `'${t}'`).join(', ')} integrations are delivered`,
});

const typed = (data: unknown): Parsed<Readonly<Record<string, unknown>>> => {
  if (!isRecord(data)) return E.left(issues('data', 'must be an object'));
  if (data['type'] !== INTEGRATION_TYPE)
    return E.left(issues('data.type', data['type'] === undefined ? 'is required' : `must be '${INTEGRATION_TYPE}'`));
  return E.right(data);
};

const withBoth = <A, B>(a: Parsed<A>, b: Parsed<B>): Parsed<[A, B]> => {
  if (E.isRight(a) && E.isRight(b)) return E.right([a.right, b.right]);
  const all = [...(E.isLeft(a) ? a.left : []), ...(E.isLeft(b) ? b.left : [])];
  return listIssues(all) as Parsed<never>;
};

/** `POST /v2/integrations`: the fields sit in `data` itself, as in EPCC; `enabled` defaults to true. */
export const parseNewIntegration = (data: unknown): E.Either<IntegrationRefusal, IntegrationAttributes> => {
  const record = typed(data);
  if (E.isLeft(record)) return E.left({ _tag: 'Invalid', issues: record.left });
  const parsed = withBoth(
    parseCreated(FIELDS, record.right, 'data'),
    parseConfiguration('create')('data.configuration')(record.right['configuration'] ?? undefined),
  );
  if (E.isLeft(parsed)) return E.left({ _tag: 'Invalid', issues: parsed.left });
  const [fields, configuration] = parsed.right;
  if (fields.integration_type !== 'webhook') return E.left(unsupported(fields.integration_type));
  return E.right({
    name: fields.name,
    ...(fields.description === undefined ? {} : { description: fields.description }),
    enabled: fields.enabled ?? true,
    integration_type: 'webhook',
    observes: fields.observes,
    configuration,
  });
};

/** `PUT /v2/integrations/:id`: a partial update; `description` and `configuration.secret_key` may be cleared with null. */
export const parseIntegrationChanges = (data: unknown): E.Either<IntegrationRefusal, IntegrationChanges> => {
  const record = typed(data);
  if (E.isLeft(record)) return E.left({ _tag: 'Invalid', issues: record.left });
  const raw = record.right['configuration'];
  const configuration: Parsed<IntegrationChanges['configuration']> =
    raw === undefined
      ? E.right(undefined)
      : raw === null
        ? E.left(issues('data.configuration', 'cannot be null'))
        : parseConfiguration('update')('data.configuration')(raw);
  const parsed = withBoth(parseChanges(FIELDS, record.right, 'data'), configuration);
  if (E.isLeft(parsed)) return E.left({ _tag: 'Invalid', issues: parsed.left });
  const [fields, config] = parsed.right;
  if (fields.integration_type !== undefined && fields.integration_type !== 'webhook')
    return E.left(unsupported(fields.integration_type));
  return E.right({ ...fields, ...(config === undefined ? {} : { configuration: config }) });
};

/** The integration with the changes applied: fields left out keep their values, null clears an optional one. */
export const applyIntegrationChanges = (
  current: IntegrationAttributes,
  changes: IntegrationChanges,
): IntegrationAttributes => {
  const { configuration, description, ...rest } = changes;
  const next: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(rest)) if (value !== undefined && value !== null) next[key] = value;
  if (description === null) delete next['description'];
  else if (description !== undefined) next['description'] = description;
  if (configuration !== undefined) {
    const merged: Record<string, unknown> = { ...current.configuration };
    if (configuration.url !== undefined) merged['url'] = configuration.url;
    if (configuration.secret_key === null) delete merged['secret_key'];
    else if (configuration.secret_key !== undefined) merged['secret_key'] = configuration.secret_key;
    next['configuration'] = merged;
  }
  return next as unknown as IntegrationAttributes;
};

/** The host of a webhook URL as the resolver takes it: IPv6 literals without brackets. */
export const webhookHost = (url: string): string => new URL(url).hostname.replace(/^\[|\]$/g, '');
