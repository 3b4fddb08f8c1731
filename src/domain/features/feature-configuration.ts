import * as E from 'fp-ts/lib/Either.js';
import { isNonEmpty } from 'fp-ts/lib/ReadonlyArray.js';
import { CATALOGUE_NAME_MIN, CATALOGUE_TEXT_MAX } from '../catalogue/catalogue-fields.js';
import { issue, issues, type ValidationIssue } from '../shared/errors.js';
import { INT32_MAX } from '../shared/integer.js';
import { boundedString } from '../shared/text.js';
import { parseUuid, type Uuid } from '../shared/uuid.js';
import { isRecord, type Parsed } from '../shared/validation.js';

/** EPCC's three kinds of feature. */
export const FEATURE_KINDS = ['access', 'promotion', 'usage'] as const;
export type FeatureKind = (typeof FEATURE_KINDS)[number];

/** EPCC's FeatureTag: what is put on the subscriber's account while the feature entitles it. */
export const FEATURE_TAG_PATTERN = '^[0-9A-Za-z_-]+$';
export const FEATURE_TAG_MAX = 64;
const TAG = new RegExp(FEATURE_TAG_PATTERN);
/** Promotions one feature may offer: EPCC names no bound; a plan picks one of them. */
export const FEATURE_PROMOTIONS_MAX = 100;

export interface FeaturePromotion {
  readonly name: string;
  readonly tag: string;
  readonly promotion_id?: Uuid;
}

/** A feature's configuration, as EPCC writes it (`configuration.type` discriminates). */
export type FeatureConfiguration =
  | { readonly type: 'access'; readonly tag: string }
  | { readonly type: 'promotion'; readonly promotions: readonly FeaturePromotion[] }
  | { readonly type: 'usage'; readonly tag: string; readonly label: string; readonly default_value: number };

const tagProblems = (source: string, input: unknown): ValidationIssue[] =>
  typeof input === 'string' && input.length >= 1 && input.length <= FEATURE_TAG_MAX && TAG.test(input)
    ? []
    : [issue(source, `must be 1 to ${FEATURE_TAG_MAX} letters, digits, "_" or "-"`)];

const textProblems = (source: string, input: unknown): ValidationIssue[] => {
  const text = boundedString(CATALOGUE_NAME_MIN, CATALOGUE_TEXT_MAX)(source)(input);
  return E.isLeft(text) ? [...text.left] : [];
};

const promotionProblems = (source: string, input: unknown, tagsSeen: Set<unknown>): ValidationIssue[] => {
  if (!isRecord(input)) return [issue(source, 'must be an object with a name and a tag')];
  const problems = [...textProblems(`${source}.name`, input['name']), ...tagProblems(`${source}.tag`, input['tag'])];
  const id = input['promotion_id'];
  if (id !== undefined && id !== null && parseUuid(id) === undefined)
    problems.push(issue(`${source}.promotion_id`, 'must be a UUID'));
  const tag = input['tag'];
  if (typeof tag === 'string' && tagsSeen.has(tag))
    problems.push(issue(`${source}.tag`, 'is the tag of another promotion of the feature'));
  tagsSeen.add(tag);
  return problems;
};

/** The value when nothing was found wrong, else every problem. */
const unlessProblems = <A>(problems: readonly ValidationIssue[], value: () => A): Parsed<A> =>
  isNonEmpty(problems) ? E.left(problems) : E.right(value());

const promotionOf = (input: Readonly<Record<string, unknown>>): FeaturePromotion => {
  const id = parseUuid(input['promotion_id']);
  return {
    name: input['name'] as string,
    tag: input['tag'] as string,
    ...(id === undefined ? {} : { promotion_id: id }),
  };
};

/**
 * Reads a feature's configuration: an `access` tag, a `usage` tag with its label and default allowance,
 * or the `promotion`s a plan may pick one of (at least one, each tag once, so a plan's pick is unambiguous).
 */
export const parseFeatureConfiguration =
  (source: string) =>
  (input: unknown): Parsed<FeatureConfiguration> => {
    if (!isRecord(input)) return E.left(issues(source, 'must be an object with a type'));
    const type = input['type'];
    if (type === 'access') {
      return unlessProblems(tagProblems(`${source}.tag`, input['tag']), () => ({ type, tag: input['tag'] as string }));
    }
    if (type === 'usage') {
      const value = input['default_value'];
      const problems = [
        ...tagProblems(`${source}.tag`, input['tag']),
        ...textProblems(`${source}.label`, input['label']),
        ...(typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= INT32_MAX
          ? []
          : [issue(`${source}.default_value`, `must be a whole number from 0 to ${INT32_MAX}`)]),
      ];
      return unlessProblems(problems, () => ({
        type,
        tag: input['tag'] as string,
        label: input['label'] as string,
        default_value: value as number,
      }));
    }
    if (type === 'promotion') {
      const promotions = input['promotions'];
      if (!Array.isArray(promotions) || promotions.length === 0 || promotions.length > FEATURE_PROMOTIONS_MAX)
        return E.left(issues(`${source}.promotions`, `must be a list of 1 to ${FEATURE_PROMOTIONS_MAX} promotions`));
      const seen = new Set<unknown>();
      const problems = promotions.flatMap((p, i) => promotionProblems(`${source}.promotions[${i}]`, p, seen));
      return unlessProblems(problems, () => ({
        type,
        promotions: promotions.map((p) => promotionOf(p as Readonly<Record<string, unknown>>)),
      }));
    }
    return E.left(issues(`${source}.type`, `must be one of ${FEATURE_KINDS.join(', ')}`));
  };

/** The tags a feature may put on a subscriber's account. */
export const featureTags = (configuration: FeatureConfiguration): readonly string[] =>
  configuration.type === 'promotion' ? configuration.promotions.map((p) => p.tag) : [configuration.tag];
