import { type DragEvent, useState } from "react";
import { FieldError, useFieldId } from "#src/client/components/form-field";
import { MAX_PHOTOS_PER_BIKE, PHOTO_CONTENT_TYPES } from "#src/shared/schemas/uploads";
import type { PhotoItem, PhotoList } from "../use-photo-list";

interface PhotoPickerProps {
  list: PhotoList;
  /** The form's message about the photos (e.g. from the server). */
  error?: string;
}

/**
 * Choose or drop up to 8 photos; each uploads at once with its own progress
 * bar. Buttons reorder them (keyboard-usable, unlike drag and drop) and pick
 * the cover, which is always the first.
 */
export function PhotoPicker({ list, error }: PhotoPickerProps) {
  // Named like the form's field, so the error summary's link lands on the chooser.
  const inputId = useFieldId("photos");
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const [over, setOver] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    list.add(event.dataTransfer.files);
  };
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 text-sm font-semibold">Photos</legend>
      <label
        htmlFor={inputId}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        className={`flex cursor-pointer flex-col items-center gap-1 rounded-box border-2 border-dashed p-6 text-center text-sm focus-within:outline-2 focus-within:outline-primary ${over ? "border-primary bg-primary/5" : "border-base-300"}`}
      >
        <span className="font-semibold">Choose photos or drop them here</span>
        <span id={hintId} className="text-base-content/75">
          Up to {MAX_PHOTOS_PER_BIKE} photos, JPEG, PNG or WebP, at most 10 MB each. The first is
          the cover.
        </span>
        <input
          id={inputId}
          type="file"
          multiple
          accept={PHOTO_CONTENT_TYPES.join(",")}
          aria-describedby={error ? `${errorId} ${hintId}` : hintId}
          aria-invalid={error ? true : undefined}
          className="sr-only"
          onChange={(event) => {
            if (event.currentTarget.files) list.add(event.currentTarget.files);
            // The same file may be chosen again after removing it.
            event.currentTarget.value = "";
          }}
        />
      </label>
      {error ? <FieldError id={errorId} message={error} /> : null}
      {list.items.length > 0 ? (
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Chosen photos">
          {list.items.map((item, index) => (
            <PhotoTile
              key={item.key}
              item={item}
              index={index}
              last={index === list.items.length - 1}
              cover={item.key === list.items.find((other) => other.status === "done")?.key}
              list={list}
            />
          ))}
        </ol>
      ) : null}
    </fieldset>
  );
}

interface PhotoTileProps {
  item: PhotoItem;
  index: number;
  last: boolean;
  /** The first uploaded photo: failed tiles before it don't count. */
  cover: boolean;
  list: PhotoList;
}

function PhotoTile({ item, index, last, cover, list }: PhotoTileProps) {
  const label = item.name || `Photo ${index + 1}`;
  return (
    <li
      aria-label={`${label}${cover ? ", cover" : ""}`}
      className="flex flex-col gap-1.5 rounded-box border border-base-300 p-2 text-xs"
    >
      <div className="relative aspect-[4/3] overflow-hidden rounded-field bg-base-200">
        {item.previewUrl ? (
          <img src={item.previewUrl} alt={label} className="h-full w-full object-cover" />
        ) : null}
        {cover ? (
          <span className="badge badge-primary badge-sm absolute top-1 left-1">Cover</span>
        ) : null}
      </div>
      <p className="truncate" title={item.name}>
        {label}
      </p>
      {item.status === "uploading" ? (
        <progress
          className="progress progress-primary w-full"
          value={Math.round(item.progress * 100)}
          max={100}
          aria-label={`Uploading ${label}`}
        />
      ) : null}
      {item.status === "error" ? (
        <p role="alert" className="text-error">
          {item.error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-1">
        {item.status === "done" ? (
          <>
            <button
              type="button"
              className="btn btn-xs"
              disabled={index === 0}
              onClick={() => list.move(item.key, -1)}
            >
              Move left
            </button>
            <button
              type="button"
              className="btn btn-xs"
              disabled={last}
              onClick={() => list.move(item.key, 1)}
            >
              Move right
            </button>
            {!cover ? (
              <button type="button" className="btn btn-xs" onClick={() => list.makeCover(item.key)}>
                Make cover
              </button>
            ) : null}
          </>
        ) : null}
        <button
          type="button"
          className="btn btn-xs btn-ghost text-error"
          onClick={() => list.remove(item.key)}
        >
          Remove
        </button>
      </div>
    </li>
  );
}
