import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useId } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { FormWithSummary } from "#src/client/components/error-summary";
import { SelectField, SubmitButton, TextAreaField } from "#src/client/components/form-field";
import { useFormFailures } from "#src/client/lib/field-errors";
import { toast } from "#src/client/lib/toast";
import {
  DETAILS_MAX,
  type ReportInput,
  reportInputSchema,
  reportReasonLabels,
  reportReasons,
} from "#src/shared/schemas/moderation";
import { reportListing } from "../api";
import { DialogFrame } from "./dialog-frame";

type ReportValues = z.output<typeof reportInputSchema>;

const reasonOptions = reportReasons.map((value) => ({ value, label: reportReasonLabels[value] }));

/** 'Report this listing': why, and what an admin should know. */
export default function ReportDialog({
  bike,
  onClose,
}: {
  bike: { id: string; title: string };
  onClose: () => void;
}) {
  const titleId = useId();
  const form = useForm<ReportInput, unknown, ReportValues>({
    resolver: zodResolver(reportInputSchema),
    defaultValues: { details: "" },
    shouldFocusError: false,
  });
  const failures = useFormFailures(form, ["reason", "details"]);
  const { errors } = form.formState;
  const send = useMutation({
    mutationFn: (input: ReportValues) => reportListing(bike.id, input),
    onSuccess: () => {
      onClose();
      toast.success("Thank you. An administrator will look at this listing.");
    },
    onError: failures.onServerError,
  });
  return (
    <DialogFrame
      titleId={titleId}
      title="Report this listing"
      busy={send.isPending}
      onClose={onClose}
    >
      <p className="mb-3 text-sm text-base-content/80">
        Tell us what is wrong with “{bike.title}”. The seller doesn't see who reported it.
      </p>
      <FormWithSummary
        summary={failures.summary}
        onSubmit={failures.handleSubmit((input) => send.mutate(input))}
        className="flex flex-col gap-3"
      >
        <SelectField
          label="Reason"
          placeholder="Choose a reason"
          options={reasonOptions}
          registration={form.register("reason")}
          error={errors.reason?.message}
        />
        <TextAreaField
          label="Details (optional)"
          hint={`At most ${DETAILS_MAX} characters.`}
          registration={form.register("details")}
          error={errors.details?.message}
        />
        <SubmitButton pending={send.isPending}>Send report</SubmitButton>
      </FormWithSummary>
    </DialogFrame>
  );
}
