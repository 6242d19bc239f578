import { lazy, Suspense, useState } from "react";
import { photoSources } from "#src/client/lib/photo-sources";
import type { BikePhoto } from "#src/shared/schemas/uploads";
import { PhotoStepButtons } from "./photo-step-buttons";
import { usePhotoSteps } from "./use-photo-steps";

const PhotoViewer = lazy(() =>
  import("./photo-viewer").then((module) => ({ default: module.PhotoViewer })),
);

/** The gallery is the page's full width on phones, half of max-w-6xl beside the details on large screens. */
const GALLERY_SIZES = "(min-width: 1024px) 560px, 100vw";

interface PhotoGalleryProps {
  photos: BikePhoto[];
  /** The pasted link of a listing without uploads. */
  fallbackUrl: string;
  alt: string;
}

/**
 * The bike page's photos: one large, thumbnails below. Each photo shows
 * whole, letterboxed in its 4:3 box (a portrait phone photo keeps its top
 * and bottom, as on the card). ← and → step through them when the large
 * photo has focus, and a sideways swipe does too; a tap or 'Full screen'
 * opens the viewer.
 */
export function PhotoGallery({ photos, fallbackUrl, alt }: PhotoGalleryProps) {
  const urls = photos.length > 0 ? photos.map((photo) => photo.url) : [fallbackUrl];
  const count = urls.length;
  const steps = usePhotoSteps(count);
  const [viewing, setViewing] = useState(false);
  const url = urls[steps.index] ?? fallbackUrl;

  return (
    <div className="flex flex-col gap-3">
      <figure
        // Focusable so the arrow keys work; the label says how.
        tabIndex={count > 1 ? 0 : undefined}
        aria-roledescription={count > 1 ? "gallery" : undefined}
        aria-label={
          count > 1
            ? `Photo ${steps.index + 1} of ${count}. Use the left and right arrow keys to see the others.`
            : undefined
        }
        className="relative aspect-[4/3] touch-pan-y overflow-hidden rounded-box bg-base-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
        {...(count > 1 ? steps.handlers : {})}
      >
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: the 'Full screen' button is the keyboard's way in */}
        <img
          {...photoSources(url, GALLERY_SIZES)}
          alt={photos.length > 0 ? `${alt} (${steps.index + 1} of ${count})` : alt}
          // The page's largest picture: ahead of everything else still loading.
          fetchPriority="high"
          draggable={false}
          className="h-full w-full cursor-zoom-in select-none object-contain"
          onClick={() => {
            if (steps.tapped()) setViewing(true);
          }}
        />
        <button
          type="button"
          className="btn btn-sm absolute top-2 right-2"
          onClick={() => setViewing(true)}
        >
          Full screen
        </button>
        {count > 1 ? <PhotoStepButtons go={steps.go} small /> : null}
      </figure>
      {count > 1 ? (
        <ul className="flex gap-2 overflow-x-auto" aria-label="Photos">
          {photos.map((photo, i) => (
            <li key={photo.id} className="shrink-0">
              <button
                type="button"
                aria-label={`Show photo ${i + 1}`}
                aria-current={i === steps.index ? "true" : undefined}
                className={`block h-16 w-20 overflow-hidden rounded-field border-2 ${i === steps.index ? "border-primary" : "border-transparent"}`}
                onClick={() => steps.setIndex(i)}
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
      {viewing ? (
        <Suspense fallback={null}>
          <PhotoViewer
            urls={urls}
            start={steps.index}
            alt={alt}
            onClose={(index) => {
              steps.setIndex(index);
              setViewing(false);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
