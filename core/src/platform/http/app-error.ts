/** An error the API answers with its code: `{ error, message?, fields? }` and the given HTTP status. */
export class AppError extends Error {
  readonly status: number;
  readonly fields?: Record<string, string>;
  /** Extra members of the answer (the ERR_OTHER_OPEN_TICKET conflict carries the ticket holder). */
  readonly extra?: Record<string, unknown>;

  constructor(
    readonly code: string,
    status = 400,
    options: { message?: string; fields?: Record<string, string>; extra?: Record<string, unknown> } = {},
  ) {
    super(options.message ?? code);
    this.status = status;
    this.fields = options.fields;
    this.extra = options.extra;
  }

  static notFound(code = 'ERR_NOT_FOUND'): AppError {
    return new AppError(code, 404);
  }

  static forbidden(code = 'ERR_NO_PERMISSION'): AppError {
    return new AppError(code, 403);
  }
}
