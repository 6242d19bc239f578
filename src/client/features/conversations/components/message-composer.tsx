import { type FormEvent, useId, useState } from "react";
import { groupedNumber } from "#src/shared/numbers";
import { MAX_MESSAGE_LENGTH, messageTextSchema } from "#src/shared/schemas/conversations";
import { errorMessage, isApiError } from "../../../lib/api-client";

interface MessageComposerProps {
  label: string;
  /** Sends the text; throws an ApiError when the server refuses. */
  onSend: (text: string) => Promise<unknown>;
  submitLabel?: string;
  autoFocus?: boolean;
}

/**
 * A message box: the 2,000-character rule shown as it is typed, the shared
 * schema's checks before sending, and the server's answer said beside the
 * field (or under the form when it belongs to no field).
 */
export function MessageComposer({
  label,
  onSend,
  submitLabel = "Send",
  autoFocus,
}: MessageComposerProps) {
  const id = useId();
  const [text, setText] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const left = MAX_MESSAGE_LENGTH - text.trim().length;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const parsed = messageTextSchema.safeParse(text);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? "Check the message");
      document.getElementById(`${id}-text`)?.focus();
      return;
    }
    setFieldError(null);
    setSending(true);
    try {
      await onSend(parsed.data);
      setText("");
    } catch (error) {
      const message = isApiError(error) ? error.fields?.text : undefined;
      if (message) setFieldError(message);
      else setFailure(errorMessage(error));
    } finally {
      setSending(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-2">
      <label htmlFor={`${id}-text`} className="font-medium">
        {label}
      </label>
      <textarea
        id={`${id}-text`}
        name="text"
        rows={3}
        // biome-ignore lint/a11y/noAutofocus: opened on purpose by 'Message seller' or the page's only task
        autoFocus={autoFocus}
        className={`textarea w-full ${fieldError ? "textarea-error" : ""}`}
        value={text}
        aria-invalid={fieldError ? true : undefined}
        aria-describedby={`${id}-hint${fieldError ? ` ${id}-error` : ""}`}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          // Ctrl+Enter (or ⌘+Enter) sends, as in most chat boxes; Enter alone makes a new line.
          if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
            event.currentTarget.form?.requestSubmit();
          }
        }}
      />
      <p
        id={`${id}-hint`}
        className={`text-sm ${left < 0 ? "text-error" : "text-base-content/75"}`}
      >
        Up to {groupedNumber(MAX_MESSAGE_LENGTH)} characters;{" "}
        {left >= 0 ? `${groupedNumber(left)} left` : `${groupedNumber(-left)} too many`}. Text only:
        links and markup show as typed.
      </p>
      {fieldError ? (
        <p id={`${id}-error`} className="text-sm font-semibold text-error">
          {fieldError}
        </p>
      ) : null}
      {failure ? (
        <p role="alert" className="text-sm font-semibold text-error">
          Your message was not sent. {failure}
        </p>
      ) : null}
      <div>
        <button type="submit" className="btn btn-primary" disabled={sending}>
          {sending ? (
            <>
              <span className="loading loading-spinner loading-xs" aria-hidden="true" />
              Sending...
            </>
          ) : (
            submitLabel
          )}
        </button>
      </div>
    </form>
  );
}
