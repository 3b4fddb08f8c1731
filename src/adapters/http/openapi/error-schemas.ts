import { closedObject, text } from './schema-builders.js';
import type { Schema } from './openapi-types.js';

/** One entry of `errors`, as `errorDocument` and the error boundary write it. */
export const errorObjectSchema: Schema = closedObject(
  {
    status: { type: 'string', pattern: '^[45][0-9]{2}$', description: "The HTTP status as a string, as EPCC's specifications declare it." },
    title: { type: 'string', minLength: 1, description: "The status's reason phrase, or a problem's own title (a filter that does not parse)." },
    detail: { type: 'string', description: 'What was wrong, in words; a validation error names the offending input first.' },
    source: { type: 'string', description: "A plain dotted path to the offending input (`data.name`), a query parameter's name or a header's name." },
    request_id: { ...text(1, 128), description: 'The request id of a 500 or 503, also in the log line and the X-Request-Id header.' },
  },
  ['detail', 'source', 'request_id'],
  'One problem with the request.',
);

export const errorDocumentSchema: Schema = closedObject(
  { errors: { type: 'array', items: { $ref: '#/components/schemas/ErrorObject' }, minItems: 1 } },
  [],
  'Every error response. A validation failure lists every problem found, one error object each.',
);
