export type AppErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'unavailable';

const statusByCode: Record<AppErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  unavailable: 503,
};

/** The one error type services throw; the error handler maps its code to an HTTP status. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    public readonly code: AppErrorCode,
    message: string,
    public readonly details?: {
      fieldErrors?: Record<string, string[]>;
      retryAfterSeconds?: number;
      reason?: string;
      /** More of the answer for the caller to act on (e.g. a 409's offer to claim a certificate); never internals. */
      extra?: Record<string, unknown>;
    },
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = statusByCode[code];
  }
}

export const notFound = (what = 'Not found') => new AppError('not_found', what);
export const forbidden = (why = 'Forbidden') => new AppError('forbidden', why);
export const unauthorized = (why = 'Authentication required') => new AppError('unauthorized', why);
