/** '‹' and '›' over a photo, for the gallery (small) and the full-screen viewer. */
export function PhotoStepButtons({
  go,
  small = false,
}: {
  go: (step: number) => void;
  small?: boolean;
}) {
  const className = `btn btn-circle ${small ? "btn-sm" : ""} absolute top-1/2 -translate-y-1/2`;
  return (
    <>
      <button
        type="button"
        className={`${className} left-2`}
        aria-label="Previous photo"
        onClick={() => go(-1)}
      >
        ‹
      </button>
      <button
        type="button"
        className={`${className} right-2`}
        aria-label="Next photo"
        onClick={() => go(1)}
      >
        ›
      </button>
    </>
  );
}
