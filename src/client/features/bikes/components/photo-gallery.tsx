import { type PointerEvent, useRef, useState } from "react";
import { photoSources } from "#src/client/lib/photo-sources";
import type { BikePhoto } from "#src/shared/schemas/uploads";

/** The gallery is the page's full width on phones, half of max-w-6xl beside the details on large screens. */
const GALLERY_SIZES = "(min-width: 1024px) 560px, 100vw";

interface PhotoGalleryProps {
  photos: BikePhoto[];
  /** The pasted link of a listing without uploads. */
  fallbackUrl: string;
  alt: string;
}

/** How far a finger must travel sideways before it counts as a swipe, not a tap. */
const SWIPE_PX = 40;

/**
 * The bike page's photos: one large, thumbnails below. ← and → step through
 * them when the large photo has focus, and a sideways swipe does too
 * (pointer events, so touch, pen and mouse drag all work).
 */
export function PhotoGallery({ photos, fallbackUrl, alt }: PhotoGalleryProps) {
  const [index, setIndex] = useState(0);
  const startX = useRef<number | null>(null);
  const count = photos.length;
  const current = photos[Math.min(index, count - 1)];

  if (count === 0 || !current) {
    return (
      <figure className="aspect-[4/3] overflow-hidden rounded-box bg-base-200">
        <img
          {...photoSources(fallbackUrl, GALLERY_SIZES)}
          alt={alt}
          fetchPriority="high"
          className="h-full w-full object-cover"
        />
      </figure>
    );
  }

  const go = (step: number) => setIndex((i) => (i + step + count) % count);
  const onPointerUp = (event: PointerEvent) => {
    if (startX.current === null) return;
    const dx = event.clientX - startX.current;
    startX.current = null;
    if (Math.abs(dx) >= SWIPE_PX) go(dx < 0 ? 1 : -1);
  };

  return (
    <div className="flex flex-col gap-3">
      <figure
        // Focusable so the arrow keys work; the label says how.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard navigation of the gallery
        tabIndex={0}
        aria-roledescription="gallery"
        aria-label={`Photo ${index + 1} of ${count}. Use the left and right arrow keys to see the others.`}
        className="relative aspect-[4/3] touch-pan-y overflow-hidden rounded-box bg-base-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
        onKeyDown={(event) => {
          if (event.key === "ArrowRight") {
            event.preventDefault();
            go(1);
          } else if (event.key === "ArrowLeft") {
            event.preventDefault();
            go(-1);
          }
        }}
        onPointerDown={(event) => {
          startX.current = event.clientX;
        }}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          startX.current = null;
        }}
      >
        <img
          {...photoSources(current.url, GALLERY_SIZES)}
          alt={`${alt} (${index + 1} of ${count})`}
          // The page's largest picture: ahead of everything else still loading.
          fetchPriority="high"
          draggable={false}
          className="h-full w-full select-none object-cover"
        />
        {count > 1 ? (
          <>
            <button
              type="button"
              className="btn btn-circle btn-sm absolute top-1/2 left-2 -translate-y-1/2"
              aria-label="Previous photo"
              onClick={() => go(-1)}
            >
              ‹
            </button>
            <button
              type="button"
              className="btn btn-circle btn-sm absolute top-1/2 right-2 -translate-y-1/2"
              aria-label="Next photo"
              onClick={() => go(1)}
            >
              ›
            </button>
          </>
        ) : null}
      </figure>
      {count > 1 ? (
        <ul className="flex gap-2 overflow-x-auto" aria-label="Photos">
          {photos.map((photo, i) => (
            <li key={photo.id} className="shrink-0">
              <button
                type="button"
                aria-label={`Show photo ${i + 1}`}
                aria-current={i === index ? "true" : undefined}
                className={`block h-16 w-20 overflow-hidden rounded-field border-2 ${i === index ? "border-primary" : "border-transparent"}`}
                onClick={() => setIndex(i)}
              >
                <img
                  src={photo.thumbnailUrl}
                  alt=""
                  loading="lazy"
                  className="h-full w-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
