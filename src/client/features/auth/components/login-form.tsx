import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useLocation, useNavigate } from "react-router";
import { type LoginInput, loginSchema } from "../../../../shared/schemas/auth";
import { FormError, SubmitButton, TextField } from "../../../components/form-field";
import { errorMessage, isApiError } from "../../../lib/api-client";
import { applyFieldErrors } from "../../../lib/field-errors";
import { refreshMe } from "../../../lib/session";
import { toast } from "../../../lib/toast";
import { signInWithEmail } from "../api";
import { returnPath } from "../return-to";

export function LoginForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: "", password: "" },
  });
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
    onError: (error) => {
      const unmatched = isApiError(error)
        ? applyFieldErrors(form.setError, error.fields, ["email", "password"])
        : true;
      setFormError(unmatched ? errorMessage(error) : null);
    },
  });

  const submit = form.handleSubmit((input) => {
    setFormError(null);
    login.mutate(input);
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <FormError message={formError} />
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
    </form>
  );
}
