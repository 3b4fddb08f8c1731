import { ERROR_CODE_MEANINGS, ERROR_CODES } from '../error-documents.js';
import { SANE_REQUEST_ID } from '../middleware/request-context.js';
import type { Schema } from './openapi-types.js';
import { closedObject } from './schema-builders.js';

const codeMeanings = ERROR_CODES.map((code) => `- \`${code}\`: ${ERROR_CODE_MEANINGS[code]}`).join('\n');

/** One entry of `errors`, as `errorDocument` writes it and the request context stamps it. */
export const errorObjectSchema: Schema = closedObject(
  {
    status: {
      type: 'string',
      pattern: '^[45][0-9]{2}$',
      description: "The HTTP status as a string, as EPCC's specifications declare it.",
    },
    title: {
      type: 'string',
      minLength: 1,
      description: "The status's reason phrase, or a problem's own title (a filter that does not parse).",
    },
    code: {
      type: 'string',
      enum: ERROR_CODES,
      description: `Stable and machine-readable: a code is never renamed or reused for another meaning; new ones may be added.\n\n${codeMeanings}`,
      'x-extension': true,
    },
    detail: {
      type: 'string',
      description: 'What was wrong, in words; a validation error names the offending input first.',
    },
    source: {
      type: 'string',
      description:
        "A plain dotted path to the offending input (`data.name`), a query parameter's name or a header's name.",
    },
    meta: {
      ...closedObject({
        request_id: {
          type: 'string',
          pattern: SANE_REQUEST_ID.source,
          description: 'The id in the X-Request-Id header and the log line of the request.',
        },
      }),
      'x-extension': true,
    },
  },
  ['detail', 'source'],
  'One problem with the request.',
);

export const errorDocumentSchema: Schema = closedObject(
  { errors: { type: 'array', items: { $ref: '#/components/schemas/ErrorObject' }, minItems: 1 } },
  [],
  'Every error response. A validation failure lists every problem found, one error object each.',
);
