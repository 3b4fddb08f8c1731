import type { DomainError } from '../../../domain/shared/errors.js';

/** A refusal in one line of text, as a failed import line reports it: every validation issue with its source. */
export const importErrorDetail = (error: DomainError): string =>
  error._tag === 'ValidationFailed' ? error.issues.map((i) => `${i.source}: ${i.detail}`).join('; ') : error.detail;
