import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { ErrorState, LoadingState } from "#src/client/components/query-states";
import { errorMessage } from "#src/client/lib/api-client";
import { queryKeys } from "#src/client/lib/query-keys";
import { getPreferences, savePreferences } from "../api";

/**
 * E-mail notifications on or off, saved the moment it is switched. Off, the
 * notifications still come to the notifications page; only the mails stop.
 */
export function EmailPreference() {
  const queryClient = useQueryClient();
  const id = useId();
  const query = useQuery({
    queryKey: queryKeys.preferences,
    queryFn: ({ signal }) => getPreferences(signal),
  });
  const save = useMutation({
    mutationFn: savePreferences,
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.preferences, saved),
  });
  if (query.isPending) return <LoadingState label="Loading your settings..." />;
  if (query.isError) return <ErrorState what="your settings" query={query} />;
  const on = save.isPending
    ? (save.variables?.emailNotifications ?? false)
    : query.data.emailNotifications;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center gap-3">
        <input
          id={id}
          type="checkbox"
          className="toggle toggle-primary"
          checked={on}
          disabled={save.isPending}
          aria-describedby={`${id}-hint`}
          onChange={(event) => save.mutate({ emailNotifications: event.target.checked })}
        />
        <label htmlFor={id} className="font-semibold">
          E-mail me about bookings and my account
        </label>
      </div>
      <p id={`${id}-hint`} className="text-sm text-base-content/75">
        Turned off, you still see everything on your notifications page; we just don't mail it.
        Password and e-mail address mails always come.
      </p>
      <p role="status" className="text-sm font-medium">
        {save.isSuccess ? (on ? "Saved: e-mails are on." : "Saved: e-mails are off.") : ""}
      </p>
      {save.isError ? (
        <p role="alert" className="text-sm font-medium text-error">
          Could not save your choice. {errorMessage(save.error)}
        </p>
      ) : null}
    </div>
  );
}
