import { type FormEventHandler, type ReactNode, useEffect, useId, useRef } from "react";
import type { FormSummary } from "../lib/field-errors";
import { useHydrated } from "../lib/use-hydrated";
import { FieldIdPrefixProvider, fieldId } from "./form-field";

interface ErrorSummaryProps extends FormSummary {
  /** The form's field id prefix, to link each message to its field. */
  prefix: string;
}

/**
 * GOV.UK's error summary: after a failed submit, "There is a problem" at the
 * top of the form lists every error, each a link that moves focus to its
 * field. It takes focus when it appears (and again after each failed
 * submit), so keyboard and screen reader users start from the list.
 */
export function ErrorSummary({ items, failures, prefix }: ErrorSummaryProps) {
  const ref = useRef<HTMLDivElement>(null);
  const focusedFor = useRef(0);
  const visible = items.length > 0;

  useEffect(() => {
    if (!visible || failures === focusedFor.current) return;
    focusedFor.current = failures;
    ref.current?.focus();
  });

  if (!visible) return null;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      className="rounded-box border-4 border-error bg-base-100 p-4 focus:outline-4 focus:outline-offset-2 focus:outline-primary"
    >
      <div role="alert">
        <h2 className="text-lg font-bold">There is a problem</h2>
        <ul className="mt-2 flex list-none flex-col gap-1">
          {items.map((item) => (
            <li key={`${item.name ?? ""}:${item.message}`}>
              {item.name ? (
                <a
                  href={`#${fieldId(prefix, item.name)}`}
                  className="link font-semibold text-error"
                  onClick={(event) => {
                    // The fragment alone would scroll without focusing the control.
                    event.preventDefault();
                    document.getElementById(fieldId(prefix, item.name ?? ""))?.focus();
                  }}
                >
                  {item.message}
                </a>
              ) : (
                <span className="font-semibold text-error">{item.message}</span>
              )}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

interface FormWithSummaryProps {
  summary: FormSummary;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
  id?: string;
  className?: string;
}

/**
 * A form rendered by the server shows before its code runs, when submitting it
 * would be the browser's own plain submit (a GET with the password in the
 * address). Its fields stay disabled until the page is live; `contents`
 * keeps them laid out as the form's own children.
 */
export function UntilHydrated({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset disabled={!hydrated} className="contents">
      {children}
    </fieldset>
  );
}

/** A form whose fields share an id prefix, with the error summary at its top. */
export function FormWithSummary({
  summary,
  onSubmit,
  children,
  id,
  className,
}: FormWithSummaryProps) {
  const prefix = useId();
  return (
    <form id={id} onSubmit={onSubmit} noValidate className={className}>
      <UntilHydrated>
        <FieldIdPrefixProvider value={prefix}>
          <ErrorSummary prefix={prefix} {...summary} />
          {children}
        </FieldIdPrefixProvider>
      </UntilHydrated>
    </form>
  );
}
