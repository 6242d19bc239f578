import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { FormWithSummary } from "#src/client/components/error-summary";
import { SubmitButton, TextAreaField } from "#src/client/components/form-field";
import { useFormFailures } from "#src/client/lib/field-errors";
import { HIDE_REASON_MAX } from "#src/shared/schemas/moderation";
import { lineOf } from "#src/shared/schemas/text";
import { DialogFrame } from "./dialog-frame";

const hideSchema = z.object({ reason: lineOf("Reason", HIDE_REASON_MAX) });
type HideValues = z.output<typeof hideSchema>;

interface Hiding {
  mutate: (
    reason: string,
    options: { onSuccess: () => void; onError: (e: unknown) => void },
  ) => void;
  isPending: boolean;
}

/** 'Hide listing': the reason its owner will read. */
export default function HideDialog({
  title,
  hiding,
  onClose,
}: {
  title: string;
  hiding: Hiding;
  onClose: () => void;
}) {
  const titleId = useId();
  const form = useForm<HideValues>({
    resolver: zodResolver(hideSchema),
    defaultValues: { reason: "" },
    shouldFocusError: false,
  });
  const failures = useFormFailures(form, ["reason"]);
  return (
    <DialogFrame titleId={titleId} title="Hide listing" busy={hiding.isPending} onClose={onClose}>
      <p className="mb-3 text-sm text-base-content/80">
        “{title}” disappears for buyers at once; its open booking ends. Its owner sees the reason
        you give.
      </p>
      <FormWithSummary
        summary={failures.summary}
        onSubmit={failures.handleSubmit(({ reason }) =>
          hiding.mutate(reason, { onSuccess: onClose, onError: failures.onServerError }),
        )}
        className="flex flex-col gap-3"
      >
        <TextAreaField
          label="Reason shown to the owner"
          rows={3}
          hint={`At most ${HIDE_REASON_MAX} characters.`}
          registration={form.register("reason")}
          error={form.formState.errors.reason?.message}
        />
        <SubmitButton pending={hiding.isPending}>Hide listing</SubmitButton>
      </FormWithSummary>
    </DialogFrame>
  );
}
