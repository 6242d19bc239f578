import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { useLocation, useNavigate } from "react-router";
import type { z } from "zod";
import { FormWithSummary } from "#src/client/components/error-summary";
import { SelectField, SubmitButton, TextField } from "#src/client/components/form-field";
import { useFormFailures } from "#src/client/lib/field-errors";
import { refreshMe } from "#src/client/lib/session";
import { toast } from "#src/client/lib/toast";
import { type RegisterInput, registerSchema } from "#src/shared/schemas/auth";
import { signUpWithEmail } from "../api";
import { returnPath } from "../return-to";

type RegisterFormValues = z.input<typeof registerSchema>;

const fieldNames = ["name", "email", "password", "accountType"] as const;

/** The same schema as the server's check, so both sides agree on every message. */
export function RegistrationForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const form = useForm<RegisterFormValues, unknown, RegisterInput>({
    resolver: zodResolver(registerSchema),
    defaultValues: { name: "", email: "", password: "" },
    shouldFocusError: false,
  });
  const failures = useFormFailures(form, fieldNames);
  const { errors } = form.formState;

  const register = useMutation({
    mutationFn: async (input: RegisterInput) => {
      await signUpWithEmail(input);
      await refreshMe();
    },
    onSuccess: async () => {
      toast.success("Account created");
      await navigate(returnPath(location.state), { replace: true });
    },
    onError: failures.onServerError,
  });

  return (
    <FormWithSummary
      summary={failures.summary}
      onSubmit={failures.handleSubmit((input) => register.mutate(input))}
      className="flex flex-col gap-4"
    >
      <TextField
        label="Name"
        autoComplete="name"
        registration={form.register("name")}
        error={errors.name?.message}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        registration={form.register("email")}
        error={errors.email?.message}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters."
        registration={form.register("password")}
        error={errors.password?.message}
      />
      <SelectField
        label="Account type"
        placeholder="Account Type?"
        options={[
          { value: "seller", label: "seller" },
          { value: "buyer", label: "buyer" },
        ]}
        registration={form.register("accountType")}
        error={errors.accountType?.message}
      />
      <SubmitButton pending={register.isPending}>Register</SubmitButton>
    </FormWithSummary>
  );
}
