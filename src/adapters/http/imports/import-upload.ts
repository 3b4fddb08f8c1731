import * as E from 'fp-ts/lib/Either.js';
import type { UploadImport } from '../../../application/use-cases/imports/upload-import.js';
import { issues, validationFailed } from '../../../domain/shared/errors.js';
import type { ImportUploadLimits } from '../../config/import-settings.js';
import { byteSize } from '../byte-size.js';
import { errorDocument } from '../error-documents.js';
import { type HttpContext, principalOf, respondWithError } from '../http-state.js';
import { MissingImportFile, readImportForm, UnreadableField, UnreadableForm, UploadTooLarge } from '../import-form.js';
import type { UseCase } from '../routes/route-context.js';
import { importResource } from './import-document.js';

/** The form's parts besides the file are small: a declared length this far past the file limit cannot fit. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

const tooLarge = (ctx: HttpContext, detail: string): void => {
  ctx.status = 413;
  ctx.body = errorDocument(413, detail);
  // The rest of the body is not read: the connection cannot carry another request.
  ctx.set('Connection', 'close');
};

/**
 * `POST /subscriptions/imports`: the form is read as it streams, the file straight into the use case, so
 * that a file over the limits is refused without being held.
 */
export const uploadImport =
  (useCase: UseCase<UploadImport>, limits: ImportUploadLimits) => async (ctx: HttpContext) => {
    if (ctx.request.is('multipart/form-data') === false || !ctx.request.is('*/*')) {
      ctx.status = 415;
      ctx.body = errorDocument(415, 'the request body must be multipart/form-data with an import_file part');
      return;
    }
    const coding = ctx.get('Content-Encoding').trim().toLowerCase();
    if (coding !== '' && coding !== 'identity') {
      ctx.status = 415;
      ctx.body = errorDocument(415, 'an import upload must not be compressed (Content-Encoding identity)');
      return;
    }
    if ((ctx.request.length ?? 0) > limits.maxFileBytes + FORM_OVERHEAD_BYTES)
      return tooLarge(ctx, `the import file is larger than ${byteSize(limits.maxFileBytes)}`);
    try {
      const created = await useCase.execute(
        principalOf(ctx).storeId,
        readImportForm(ctx.req, limits),
        limits.maxObjects,
      );
      if (E.isRight(created)) {
        ctx.status = 201;
        ctx.body = { data: importResource(created.right) };
      } else if (created.left._tag === 'TooManyObjects') {
        tooLarge(
          ctx,
          `the import file holds more than ${created.left.limit} objects; split it into files of at most ${created.left.limit} lines`,
        );
      } else {
        respondWithError(ctx, created.left);
      }
    } catch (error) {
      if (error instanceof UploadTooLarge)
        return tooLarge(ctx, `the import file is larger than ${byteSize(error.limitBytes)}`);
      if (error instanceof MissingImportFile)
        return respondWithError(
          ctx,
          validationFailed(issues('import_file', 'is required: a JSONL file part named import_file')),
        );
      if (error instanceof UnreadableField) {
        respondWithError(ctx, validationFailed(issues(error.field, error.detail)));
        // A field before the file is refused with the file unread: the connection cannot carry another request.
        ctx.set('Connection', 'close');
        return;
      }
      if (error instanceof UnreadableForm) {
        ctx.status = 400;
        ctx.body = errorDocument(400, `the multipart form cannot be read: ${error.message}`, 'invalid_body');
        return;
      }
      throw error;
    }
  };
