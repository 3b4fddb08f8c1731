import type { DomainError } from '../../../domain/shared/errors.js';

/** A refusal in one line of text, as a failed import line reports it: every validation issue with its source. */
export const importErrorDetail = (error: DomainError): string =>
  error._tag === 'ValidationFailed' ? error.issues.map((i) => `${i.source}: ${i.detail}`).join('; ') : error.detail;

/** Where a source path names a record's member: after the body's `data` and `attributes`. */
const RECORD_MEMBER = /^data\.(?:attributes\.)?/;
/** A source path as `importErrorDetail` writes it before its first issue: no spaces, then ": ". */
const FIRST_SOURCE = /^([^\s:;]+): /;

/**
 * The member a failed line's first problem is about, as EPCC's import errors name it (`name`, not
 * `data.attributes.name`), and the whole text; the member is empty when the line failed as a whole (not
 * JSON, unknown type, too long).
 */
export const importErrorParts = (detail: string): { readonly field: string; readonly error: string } => {
  const source = FIRST_SOURCE.exec(detail)?.[1];
  return { field: source === undefined ? '' : source.replace(RECORD_MEMBER, ''), error: detail };
};
