import { FormWithSummary } from "#src/client/components/error-summary";
import { SubmitButton, TextField } from "#src/client/components/form-field";
import { bindField } from "#src/client/lib/field-errors";
import { signInWithEmail } from "../api";
import { useAuthForm } from "../use-auth-form";

export function LoginForm() {
  const { form, summary, submit, pending } = useAuthForm({
    schema: () => import("#src/shared/schemas/auth").then((schemas) => schemas.loginSchema),
    defaultValues: { email: "", password: "" },
    fields: ["email", "password"],
    send: signInWithEmail,
    done: "Login Done",
  });

  return (
    <FormWithSummary summary={summary} onSubmit={submit} className="flex flex-col gap-4">
      <TextField label="Email" type="email" autoComplete="email" {...bindField(form, "email")} />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        {...bindField(form, "password")}
      />
      <SubmitButton pending={pending}>Login</SubmitButton>
    </FormWithSummary>
  );
}
