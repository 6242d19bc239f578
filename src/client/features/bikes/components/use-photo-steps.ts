import { type KeyboardEvent, type PointerEvent, useRef, useState } from "react";

/** How far a finger must travel sideways before it counts as a swipe, not a tap. */
const SWIPE_PX = 40;

/**
 * Which of `count` photos shows, stepped by ← and → and by a sideways swipe
 * (pointer events, so touch, pen and mouse drag all work). A swipe is not a
 * tap: `tapped` tells the two apart for the element's own click.
 */
export function usePhotoSteps(count: number, start = 0) {
  const [index, setIndex] = useState(start);
  const startX = useRef<number | null>(null);
  const swiped = useRef(false);
  const go = (step: number) => setIndex((i) => (i + step + count) % count);
  return {
    index: Math.min(index, count - 1),
    setIndex,
    go,
    /** True when the last pointer gesture was a tap, not a swipe. */
    tapped: () => !swiped.current,
    handlers: {
      onKeyDown: (event: KeyboardEvent) => {
        if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
        event.preventDefault();
        go(event.key === "ArrowRight" ? 1 : -1);
      },
      onPointerDown: (event: PointerEvent) => {
        startX.current = event.clientX;
        swiped.current = false;
      },
      onPointerUp: (event: PointerEvent) => {
        if (startX.current === null) return;
        const dx = event.clientX - startX.current;
        startX.current = null;
        if (Math.abs(dx) < SWIPE_PX) return;
        swiped.current = true;
        go(dx < 0 ? 1 : -1);
      },
      onPointerCancel: () => {
        startX.current = null;
      },
    },
  };
}
