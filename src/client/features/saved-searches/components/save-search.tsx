import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { FieldError } from "#src/client/components/form-field";
import { errorMessage, isApiError } from "#src/client/lib/api-client";
import { queryKeys } from "#src/client/lib/query-keys";
import type { Filters } from "#src/client/lib/search-params";
import { SAVED_SEARCH_NAME_MAX } from "#src/shared/saved-searches";
import { saveSearch } from "../api";

/**
 * 'Save this search' on the search page: keeps the filters in the URL, with
 * an optional name, so the buyer hears when a matching bike is listed.
 */
export function SaveSearch({ filters }: { filters: Filters }) {
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const ids = useId();
  // Keyboard users land in the name field on opening, and back on the button after.
  const nameInput = useRef<HTMLInputElement>(null);
  const openButton = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open) nameInput.current?.focus();
    else if (wasOpen.current) openButton.current?.focus();
    wasOpen.current = open;
  }, [open]);
  const save = useMutation({
    mutationFn: saveSearch,
    onSuccess: () => {
      setOpen(false);
      setName("");
      return client.invalidateQueries({ queryKey: queryKeys.savedSearches });
    },
  });
  const nameError = isApiError(save.error) ? save.error.fields?.name : undefined;
  // Errors about the filters themselves (or none named) are said above the buttons.
  const formError = save.isError && !nameError ? errorMessage(save.error) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    save.mutate(trimmed ? { name: trimmed, query: filters } : { query: filters });
  };

  if (!open) {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <button
          ref={openButton}
          type="button"
          className="btn btn-outline btn-primary btn-sm"
          onClick={() => {
            save.reset();
            setOpen(true);
          }}
        >
          Save this search
        </button>
        <p role="status" className="text-sm">
          {save.isSuccess ? (
            <>
              Search saved: you will be told when a matching bike is listed.{" "}
              <Link to="/dashboard/saved-searches" className="link link-primary">
                Your saved searches
              </Link>
            </>
          ) : null}
        </p>
      </div>
    );
  }
  const errorId = nameError ? `${ids}-error` : undefined;
  return (
    <form
      onSubmit={submit}
      aria-label="Save this search"
      className="flex max-w-xl flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4"
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${ids}-name`} className="text-sm font-semibold">
          Name (optional)
        </label>
        <input
          ref={nameInput}
          id={`${ids}-name`}
          name="name"
          className={`input w-full ${nameError ? "input-error" : ""}`}
          value={name}
          maxLength={SAVED_SEARCH_NAME_MAX}
          placeholder="e.g. Duke under 3,000"
          aria-describedby={errorId}
          aria-invalid={nameError ? true : undefined}
          onChange={(event) => setName(event.target.value)}
        />
        {nameError ? <FieldError id={errorId} message={nameError} /> : null}
      </div>
      {formError ? (
        <p role="alert" className="alert alert-error alert-soft">
          Could not save this search. {formError}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary btn-sm" disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save search"}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
