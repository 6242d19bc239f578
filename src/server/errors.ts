import type { ZodError } from "zod";
import { type ErrorCode, errorStatus, type FieldErrors } from "../shared/errors";

/** The one thing handlers throw; app.onError turns it into the error body. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldErrors,
  ) {
    super(message);
    this.status = errorStatus[code];
  }

  toBody() {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.fields ? { fields: this.fields } : {}),
      },
    };
  }
}

/** A zod failure as a 400 with one message per field (the first, the one a form shows). */
export function validationError(error: ZodError): AppError {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join(".") : "_";
    fields[key] ??= issue.message;
  }
  return new AppError("VALIDATION_FAILED", "Some fields need attention.", fields);
}
