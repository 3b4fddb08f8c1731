import { FEATURE_TYPE } from '../../../domain/features/feature.js';
import {
  FEATURE_PROMOTIONS_MAX,
  FEATURE_TAG_MAX,
  FEATURE_TAG_PATTERN,
} from '../../../domain/features/feature-configuration.js';
import { INT32_MAX } from '../../../domain/shared/integer.js';
import { catalogueText } from '../catalogue/subscription-catalogue-schemas.js';
import type { Schema } from '../openapi/openapi-types.js';
import { arrayOf, closedObject, constant, integer, parameterRef, uuid } from '../openapi/schema-builders.js';
import { RECORD_META, recordOperations } from '../routes/record-operations.js';

/** Where EPCC writes features down: its current subscriptions document. */
export const EPCC_2026 =
  'As EPCC 2025-26 (`packages/sdks/specs/upstream/subscriptions/public_openapi.yaml`, 26.1001, in elasticpath/composable-frontend).';

export const FEATURE_TAG_SCHEMA: Schema = {
  type: 'string',
  minLength: 1,
  maxLength: FEATURE_TAG_MAX,
  pattern: FEATURE_TAG_PATTERN,
  description: "What is put on the subscriber's account while the feature entitles it.",
};

const configuration: Schema = {
  oneOf: [
    closedObject({ type: constant('access'), tag: FEATURE_TAG_SCHEMA }, [], 'Access to something, named by its tag.'),
    closedObject(
      {
        type: constant('promotion'),
        promotions: arrayOf(
          closedObject({ name: catalogueText.name, tag: FEATURE_TAG_SCHEMA, promotion_id: uuid }, ['promotion_id']),
          {
            minItems: 1,
            maxItems: FEATURE_PROMOTIONS_MAX,
          },
        ),
      },
      [],
      'Promotions a plan picks one of; each tag once.',
    ),
    closedObject(
      {
        type: constant('usage'),
        tag: FEATURE_TAG_SCHEMA,
        label: catalogueText.name,
        default_value: integer(0, INT32_MAX),
      },
      [],
      'A metered allowance and how much of it a plan gives unless it says otherwise.',
    ),
  ],
};

export const FEATURE_FIELD_SCHEMAS: Readonly<Record<string, Schema>> = {
  name: catalogueText.name,
  description: catalogueText.description,
  external_ref: { ...catalogueText.external_ref, description: 'Unique among the features of the store.' },
  configuration,
};
export const OPTIONAL_FEATURE_FIELDS = ['description', 'external_ref'];
const fields = FEATURE_FIELD_SCHEMAS;
const OPTIONAL = OPTIONAL_FEATURE_FIELDS;

export const FEATURE_SCHEMAS: Readonly<Record<string, Schema>> = {
  Feature: closedObject(
    { id: uuid, type: constant(FEATURE_TYPE), attributes: closedObject(fields, OPTIONAL), meta: RECORD_META },
    [],
    "Something subscriptions give their subscribers beyond the plan: access, a promotion or a metered allowance, each named by a tag on the subscriber's account.",
  ),
};

export const FEATURE_OPERATIONS = recordOperations({
  tag: 'Features',
  collection: '/subscriptions/features',
  schema: 'Feature',
  singular: 'feature',
  plural: 'Features',
  operationNoun: 'Feature',
  type: FEATURE_TYPE,
  fields,
  optional: OPTIONAL,
  required: ['name', 'configuration'],
  conflict: { code: 'external_ref_taken', description: 'Another feature of the store has this `external_ref`.' },
  invalid:
    'Every invalid field, each with its `source` (`data.attributes.configuration.promotions[1].tag`, ...): a tag that is not 1 to 64 letters, digits, `_` or `-`, a promotion tag given twice.',
  deletion: 'Nothing else is deleted with it.',
  filter: parameterRef('FeatureFilter'),
  epcc: `${EPCC_2026} The 2025 generation only. The list filters on \`external_ref\` (\`eq\`, \`in\`); EPCC's filter on \`tag\` is not served, and is refused as an unknown field.`,
  access: { read: 'catalogue', write: 'edit-catalogue' },
});
