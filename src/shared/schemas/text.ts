import { z } from "zod";

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_IN_LINE = /[\u0000-\u001F\u007F-\u009F]/;
/** Text of several lines keeps its tabs and line breaks. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** Half of a UTF-16 pair alone: no character at all, and not valid UTF-8 once stored. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * What a person can type: no control characters (NUL, escape sequences,
 * bidirectional tricks hide behind them) and no broken characters.
 */
export function isPlainText(value: string, lines: "line" | "text" = "line"): boolean {
  const control = lines === "line" ? CONTROL_IN_LINE : CONTROL_IN_TEXT;
  return !control.test(value) && !LONE_SURROGATE.test(value);
}

/**
 * A trimmed string of one line, `min` to `max` characters, required unless
 * `optional` is used. An empty one is only "required", not also "too short".
 */
export function lineOf(label: string, max: number, min = 1) {
  return (
    z
      .string({ error: `${label} is required` })
      .trim()
      .min(1, `${label} is required`)
      // Not `abort`: an aborted field stops the object's own checks (the picture's).
      .refine(
        (value) => value.length === 0 || value.length >= min,
        `${label} must be at least ${min} characters`,
      )
      .max(max, `${label} must be at most ${max} characters`)
      .refine((value) => isPlainText(value), `${label} contains characters that can't be typed`)
  );
}
