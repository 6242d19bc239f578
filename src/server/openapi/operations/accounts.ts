import { z } from "zod";
import { loginSchema, registerSchema } from "#src/shared/schemas/auth";
import { sessionSchema, userSchema } from "#src/shared/schemas/responses/accounts";
import {
  authUserAnswer,
  changePasswordBody,
  requestPasswordResetAnswer,
  requestPasswordResetBody,
  resetPasswordAnswer,
  resetPasswordBody,
  signOutAnswer,
  socialSignInAnswer,
  socialSignInBody,
} from "../better-auth-schemas";
import type { Operation } from "../operation";

const tag = "Accounts";

export const accountOperations: Operation[] = [
  {
    method: "POST",
    path: "/api/auth/sign-up/email",
    tag,
    summary: "Register; sets the session cookie",
    access: "anyone",
    body: registerSchema,
    responses: { 200: authUserAnswer },
    errors: [409, 429],
  },
  {
    method: "POST",
    path: "/api/auth/sign-in/email",
    tag,
    summary: "Sign in; sets the session cookie",
    access: "anyone",
    body: loginSchema,
    responses: { 200: authUserAnswer },
    errors: [401, 429],
  },
  {
    method: "POST",
    path: "/api/auth/sign-out",
    tag,
    summary: "Sign out; the session ends on the server",
    access: "signed in",
    body: z.object({}),
    responses: { 200: signOutAnswer },
  },
  {
    method: "POST",
    path: "/api/auth/change-password",
    tag,
    summary: "Change the password; every other session of the account ends",
    access: "signed in",
    body: changePasswordBody,
    responses: { 200: authUserAnswer },
    errors: [429],
  },
  {
    method: "POST",
    path: "/api/auth/request-password-reset",
    tag,
    summary: "Mail a link to choose a new password; the same answer for any address",
    access: "anyone",
    body: requestPasswordResetBody,
    responses: { 200: requestPasswordResetAnswer },
    errors: [400, 429],
  },
  {
    method: "POST",
    path: "/api/auth/reset-password",
    tag,
    summary: "Set a new password with the mailed token; every session of the account ends",
    access: "anyone",
    body: resetPasswordBody,
    responses: { 200: resetPasswordAnswer },
    errors: [400, 429],
  },
  {
    method: "POST",
    path: "/api/auth/sign-in/social",
    tag,
    summary: "Start Google sign-in (when GET /api/config says googleSignIn: social)",
    access: "anyone",
    body: socialSignInBody,
    responses: { 200: socialSignInAnswer },
  },
  {
    method: "GET",
    path: "/api/me",
    tag,
    summary: "The caller",
    access: "signed in",
    responses: { 200: userSchema },
  },
  {
    method: "GET",
    path: "/api/session",
    tag,
    summary: "Who is signed in, null for nobody (never a 401)",
    access: "anyone",
    responses: { 200: sessionSchema },
  },
];
