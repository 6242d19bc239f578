import pino from "pino";

/**
 * One JSON line per event. Anything that could carry a secret or a person's
 * contact details is redacted at the source, so no later log call can leak it.
 */
export function createLogger(level: string) {
  return pino({
    level,
    base: undefined,
    redact: {
      paths: [
        "password",
        "*.password",
        "headers.cookie",
        "headers.authorization",
        "*.headers.cookie",
        "*.headers.authorization",
        "phone",
        "*.phone",
        "token",
        "*.token",
      ],
      censor: "[redacted]",
    },
  });
}

export type { Logger } from "pino";
