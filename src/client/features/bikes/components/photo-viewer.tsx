import { useEffect, useId, useRef, useState } from "react";
import { useFocusTrap } from "#src/client/components/use-focus-trap";
import { photoSources } from "#src/client/lib/photo-sources";
import { PhotoStepButtons } from "./photo-step-buttons";
import { usePhotoSteps } from "./use-photo-steps";

interface PhotoViewerProps {
  urls: string[];
  start: number;
  alt: string;
  onClose: (index: number) => void;
}

/**
 * The photos full screen, whole (letterboxed on black), at the window's
 * width so the browser picks the sharpest file and a pinch zooms into
 * detail rather than blur. ← → and swipes step; Escape or 'Close' leaves,
 * and the gallery then shows the photo the viewer ended on.
 */
export function PhotoViewer({ urls, start, alt, onClose }: PhotoViewerProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const steps = usePhotoSteps(urls.length, start);
  const [opener] = useState(() =>
    document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  useFocusTrap(ref, true, { returnFocus: () => opener });
  const url = urls[steps.index] ?? "";
  const count = urls.length;

  return (
    <dialog
      ref={ref}
      aria-labelledby={headingId}
      className="m-0 h-dvh max-h-none w-dvw max-w-none bg-black p-0 text-white backdrop:bg-black"
      onClose={() => onClose(steps.index)}
      {...steps.handlers}
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between gap-2 p-2">
          <h2 id={headingId} className="px-2 text-sm font-semibold">
            Photo {steps.index + 1} of {count}
          </h2>
          <button type="button" className="btn btn-sm" onClick={() => ref.current?.close()}>
            Close
          </button>
        </div>
        {/* Pinch zoom stays with the browser; a one-finger swipe steps. */}
        <div className="relative min-h-0 flex-1 touch-pinch-zoom">
          <img
            {...photoSources(url, "100vw")}
            alt={`${alt} (${steps.index + 1} of ${count})`}
            draggable={false}
            className="h-full w-full select-none object-contain"
          />
          {count > 1 ? <PhotoStepButtons go={steps.go} /> : null}
        </div>
      </div>
    </dialog>
  );
}
