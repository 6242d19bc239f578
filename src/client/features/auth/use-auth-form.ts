import type { FieldValues } from "react-hook-form";
import { useLocation, useNavigate } from "react-router";
import { refreshMe } from "#src/client/lib/session";
import { toast } from "#src/client/lib/toast";
import { returnPath, returnState } from "./return-to";
import { type SendFormOptions, useSendForm } from "./use-send-form";

type AuthFormOptions<TInput extends FieldValues, TOutput> = Omit<
  SendFormOptions<TInput, TOutput>,
  "onSent"
> & {
  /** The toast once the visitor is signed in. */
  done: string;
};

/**
 * Login and registration: check, send, read the new session, then go back to
 * where the visitor was heading. Failures sit beside their fields and in the
 * form's summary.
 */
export function useAuthForm<TInput extends FieldValues, TOutput>({
  send,
  done,
  ...form
}: AuthFormOptions<TInput, TOutput>) {
  const navigate = useNavigate();
  const location = useLocation();
  return useSendForm({
    ...form,
    send: async (input: TOutput) => {
      await send(input);
      await refreshMe();
    },
    onSent: async () => {
      toast.success(done);
      await navigate(returnPath(location.state), {
        replace: true,
        state: returnState(location.state),
      });
    },
  });
}
