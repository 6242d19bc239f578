/**
 * A failed action said in the page, beside the button that failed: the
 * toast that also says it goes away after 5 s, this stays until the next try.
 */
export function ActionError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="w-full text-sm font-medium text-error">
      {message}
    </p>
  );
}
