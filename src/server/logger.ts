import pino, { type DestinationStream } from "pino";

export interface LoggerOptions {
  /** Where the JSON lines go; stdout by default. Tests pass a stream to read them back. */
  destination?: DestinationStream;
}

/**
 * One JSON line per event. Anything that could carry a secret or a person's
 * contact details is redacted at the source, so no later log call can leak it.
 * Errors are logged with their stack (pino's `err` serializer); the HTTP
 * response never carries it (app.ts).
 */
export function createLogger(level: string, options: LoggerOptions = {}) {
  const settings = {
    level,
    base: undefined,
    redact: {
      paths: [
        "password",
        "*.password",
        "currentPassword",
        "*.currentPassword",
        "newPassword",
        "*.newPassword",
        "headers.cookie",
        "headers.authorization",
        'headers["set-cookie"]',
        "*.headers.cookie",
        "*.headers.authorization",
        '*.headers["set-cookie"]',
        "phone",
        "*.phone",
        "token",
        "*.token",
      ],
      censor: "[redacted]",
    },
  };
  return options.destination ? pino(settings, options.destination) : pino(settings);
}

export type { Logger } from "pino";
