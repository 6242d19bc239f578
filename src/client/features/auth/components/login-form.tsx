import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { useLocation, useNavigate } from "react-router";
import { FormWithSummary } from "#src/client/components/error-summary";
import { SubmitButton, TextField } from "#src/client/components/form-field";
import { useFormFailures } from "#src/client/lib/field-errors";
import { refreshMe } from "#src/client/lib/session";
import { toast } from "#src/client/lib/toast";
import { type LoginInput, loginSchema } from "#src/shared/schemas/auth";
import { signInWithEmail } from "../api";
import { returnPath } from "../return-to";

export function LoginForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: "", password: "" },
    shouldFocusError: false,
  });
  const failures = useFormFailures(form, ["email", "password"]);
  const { errors } = form.formState;

  const login = useMutation({
    mutationFn: async (input: LoginInput) => {
      await signInWithEmail(input);
      await refreshMe();
    },
    onSuccess: async () => {
      toast.success("Login Done");
      await navigate(returnPath(location.state), { replace: true });
    },
    onError: failures.onServerError,
  });

  return (
    <FormWithSummary
      summary={failures.summary}
      onSubmit={failures.handleSubmit((input) => login.mutate(input))}
      className="flex flex-col gap-4"
    >
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
        autoComplete="current-password"
        registration={form.register("password")}
        error={errors.password?.message}
      />
      <SubmitButton pending={login.isPending}>Login</SubmitButton>
    </FormWithSummary>
  );
}
