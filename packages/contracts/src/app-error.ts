import { ERROR_HTTP_STATUS, type TErrorCode } from './errors';

/** The `details` of the error envelope (contracts/envelope ZErrorEnvelope). */
export type TAppErrorDetails = {
  captchaRequired?: boolean;
  retryAfterSeconds?: number;
  /** The wagering still outstanding (money format) of `withdrawal_turnover_not_met` (docs/adr/0070). */
  outstanding?: string;
};

/**
 * The one error type of the platform (conventions: "one AppError with a code enum shared by server
 * and client"). The server's error handler turns it into `{ success: false, message: code }` with
 * `status`; the web client can raise the same type from an error envelope.
 */
export class AppError extends Error {
  readonly code: TErrorCode;
  readonly status: number;
  /** Field-level details (field path -> error key), for validation failures. */
  readonly fields: Record<string, string> | undefined;
  /** Machine-readable hints (ZErrorEnvelope.details), e.g. captchaRequired after a failed login. */
  readonly details: TAppErrorDetails | undefined;

  constructor(
    code: TErrorCode,
    status?: number,
    fields?: Record<string, string>,
    details?: TAppErrorDetails,
  ) {
    super(code);
    this.name = 'AppError';
    this.code = code;
    this.status = status ?? ERROR_HTTP_STATUS[code] ?? 400;
    this.fields = fields;
    this.details = details;
  }
}

export const isAppError = (value: unknown): value is AppError => value instanceof AppError;
