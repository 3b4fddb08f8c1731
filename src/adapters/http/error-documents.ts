import type { DomainError } from '../../domain/shared/errors.js';

/** One entry of an `errors` array; `status` is a string as EPCC's specifications declare it. */
export interface ErrorObject {
  readonly status: string;
  readonly title: string;
  readonly detail?: string;
  readonly source?: string;
  readonly request_id?: string;
}

export interface ErrorDocument {
  readonly errors: readonly ErrorObject[];
}

const TITLES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  503: 'Service Unavailable',
};

export const titleOf = (status: number): string => TITLES[status] ?? 'Error';

export const errorDocument = (status: number, detail?: string, source?: string): ErrorDocument => ({
  errors: [{ status: String(status), title: titleOf(status), ...(detail === undefined ? {} : { detail }), ...(source === undefined ? {} : { source }) }],
});

export const statusOf = (error: DomainError): number => {
  switch (error._tag) {
    case 'ValidationFailed':
      return 400;
    case 'Unauthenticated':
      return 401;
    case 'Forbidden':
      return 403;
    case 'NotFound':
      return 404;
    case 'Conflict':
      return 409;
    case 'Unprocessable':
      return 422;
  }
};

export const domainErrorDocument = (error: DomainError): ErrorDocument => {
  const status = statusOf(error);
  if (error._tag !== 'ValidationFailed') return errorDocument(status, error.detail);
  return {
    errors: error.issues.map((i) => ({
      status: String(status),
      title: i.title ?? titleOf(status),
      // An issue with a title of its own (a filter's) says where it is in its detail already.
      detail: i.title === undefined ? `${i.source} ${i.detail}` : i.detail,
      source: i.source,
    })),
  };
};
