import { OFFERING_FEATURE_TYPE } from '../../../domain/features/offering-feature.js';
import { PLAN_FEATURE_CONFIGURATIONS_MAX } from '../../../domain/features/plan-feature-configuration.js';
import { INT32_MAX } from '../../../domain/shared/integer.js';
import type { Schema } from '../openapi/openapi-types.js';
import { jsonContent } from '../openapi/operation-builder.js';
import {
  arrayOf,
  closedObject,
  constant,
  dataDocument,
  dataRequest,
  integer,
  nullable,
  openObject,
  requestFields,
  schemaRef,
  uuid,
} from '../openapi/schema-builders.js';
import { RECORD_META } from '../routes/record-operations.js';
import { FEATURE_FIELD_SCHEMAS, FEATURE_TAG_SCHEMA, OPTIONAL_FEATURE_FIELDS } from './feature-operations.js';

/** EPCC's plan-side configuration of a feature: its type, and what the plan picks or gives. */
export const PLAN_FEATURE_CONFIGURATION: Schema = {
  oneOf: [
    closedObject({ type: constant('access') }, [], 'The plan gives the access feature as it is.'),
    closedObject(
      { type: constant('promotion'), tag: FEATURE_TAG_SCHEMA },
      [],
      "The plan gives one of the promotion feature's promotions, named by its tag.",
    ),
    closedObject(
      { type: constant('usage'), default_value: integer(0, INT32_MAX) },
      [],
      "The plan's own allowance of the usage feature.",
    ),
  ],
};

/** A plan's `feature_configurations`: keyed by the id of a feature of the offering. */
export const planFeatureConfigurations = (value: Schema, description: string): Schema => ({
  type: 'object',
  propertyNames: { format: 'uuid' },
  additionalProperties: value,
  description: `${description} At most ${PLAN_FEATURE_CONFIGURATIONS_MAX}.`,
});

export const OFFERING_FEATURE_SCHEMAS: Readonly<Record<string, Schema>> = {
  OfferingFeature: closedObject(
    {
      id: uuid,
      type: constant(OFFERING_FEATURE_TYPE),
      attributes: closedObject(FEATURE_FIELD_SCHEMAS, OPTIONAL_FEATURE_FIELDS),
      meta: RECORD_META,
    },
    [],
    "A feature of an offering: a copy of one of the store's features (edited apart from it) or one made inside the offering. Its id is the key plans configure it under.",
  ),
};

export const offeringFeature = schemaRef('OfferingFeature');
export const offeringFeatureDocument = jsonContent(dataDocument(offeringFeature));

const featureRequest = (create: boolean) =>
  jsonContent(
    dataRequest(
      openObject(
        {
          type: constant(OFFERING_FEATURE_TYPE),
          id: { ...uuid, description: 'The feature being changed (EPCC sends it; the path decides).' },
          attributes: openObject(
            requestFields(FEATURE_FIELD_SCHEMAS, create ? OPTIONAL_FEATURE_FIELDS : Object.keys(FEATURE_FIELD_SCHEMAS)),
            create ? ['name', 'configuration'] : [],
          ),
        },
        ['type', 'attributes'],
      ),
    ),
  );
export const createOfferingFeatureRequest = featureRequest(true);
export const updateOfferingFeatureRequest = featureRequest(false);

export const attachOfferingFeaturesRequest = jsonContent(
  dataRequest(
    openObject(
      {
        features: arrayOf(
          { type: 'string', minLength: 1, description: "A store feature's id, or else its external_ref." },
          { minItems: 1, maxItems: 100 },
        ),
      },
      ['features'],
    ),
  ),
);

/** What a build's `features` may hold: store features by id or external_ref, or features made inline. */
export const BUILD_FEATURES: Schema = arrayOf(
  {
    oneOf: [
      {
        type: 'string',
        minLength: 1,
        description: "A store feature's id, or else its external_ref: copied into the offering.",
      },
      openObject(requestFields(FEATURE_FIELD_SCHEMAS, OPTIONAL_FEATURE_FIELDS), ['name', 'configuration']),
    ],
  },
  { maxItems: 100 },
);

/** A plan's configurations in a build, keyed by a feature of the build: a store feature's id, or any feature's external_ref. */
export const BUILD_PLAN_FEATURES: Schema = {
  type: 'object',
  additionalProperties: PLAN_FEATURE_CONFIGURATION,
  description:
    "Keyed by a feature of this build: the id of the store feature it copies, or its external_ref (the offering's feature ids do not exist yet).",
};

/** A plan's update may stop configuring a feature with `null`. */
export const PLAN_FEATURE_CONFIGURATION_CHANGE = nullable(PLAN_FEATURE_CONFIGURATION);
