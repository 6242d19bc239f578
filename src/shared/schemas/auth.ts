import { z } from "zod";
import { lineOf } from "./text";

export const accountTypes = ["seller", "buyer"] as const;
export type AccountType = (typeof accountTypes)[number];

export const PASSWORD_MIN_LENGTH = 8;
// better-auth's own ceiling; checked here too so the message is ours.
export const PASSWORD_MAX_LENGTH = 128;

const email = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Email is too long")
  .pipe(z.email({ error: "Enter a valid email address" }));

const password = z
  .string({ error: "Password is required" })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

/** Registration: the same schema drives the form and the server's check. */
export const registerSchema = z.object({
  name: lineOf("Name", 80),
  email,
  password,
  accountType: z.enum(accountTypes, { error: "Choose seller or buyer" }),
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const loginSchema = z.object({
  email,
  password: z.string({ error: "Password is required" }).min(1, "Password is required"),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** 'Forgot password?': the address to mail a reset link to. */
export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** The page the reset link opens: the new password, under registration's rules. */
export const newPasswordSchema = z.object({ newPassword: password });
export type NewPasswordInput = z.infer<typeof newPasswordSchema>;

/** Settings: the name others see, under registration's rules. */
export const displayNameSchema = z.object({ name: registerSchema.shape.name });
export type DisplayNameInput = z.infer<typeof displayNameSchema>;

/** Settings: a new password needs the current one. */
export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: "Enter your current password" })
    .min(1, "Enter your current password"),
  newPassword: password,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
