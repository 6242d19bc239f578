import { FormWithSummary } from "#src/client/components/error-summary";
import { SubmitButton, TextField } from "#src/client/components/form-field";
import { bindField } from "#src/client/lib/field-errors";
import { refreshMe } from "#src/client/lib/session";
import { toast } from "#src/client/lib/toast";
import { displayNameSchema } from "#src/shared/schemas/auth";
import { changeDisplayName } from "../api";
import { useSendForm } from "../use-send-form";

/** The name buyers and sellers see on bookings and listings. */
export function DisplayNameForm({ name }: { name: string }) {
  const { form, summary, submit, pending } = useSendForm({
    schema: displayNameSchema,
    defaultValues: { name },
    fields: ["name"],
    send: changeDisplayName,
    onSent: async () => {
      await refreshMe();
      toast.success("Your name is changed.");
    },
  });
  return (
    <FormWithSummary summary={summary} onSubmit={submit} className="flex flex-col gap-4">
      <TextField
        label="Display name"
        autoComplete="name"
        hint="Shown to the people you buy from and sell to."
        {...bindField(form, "name")}
      />
      <SubmitButton pending={pending}>Save name</SubmitButton>
    </FormWithSummary>
  );
}
