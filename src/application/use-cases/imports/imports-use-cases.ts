// The use cases of imports, by the names the library exports them under: imports-module.ts binds
// each of them, and src/index.ts re-exports this file whole. Use cases only (see UseCaseList).

export { GetImport } from './get-import.js';
export { ListImportErrors } from './list-import-errors.js';
export { ListImports } from './list-imports.js';
export { RunImport } from './run-import.js';
export { SweepAbandonedImportLines } from './sweep-abandoned-import-lines.js';
export { UploadImport } from './upload-import.js';
