import type { BlogQuestion as Question } from "../questions";

/** A native <details>: keyboard and screen-reader friendly with no script at all. */
export function BlogQuestion({ item }: { item: Question }) {
  return (
    <details className="collapse collapse-arrow rounded-box border border-base-300 bg-base-100 shadow-sm">
      <summary className="collapse-title text-lg font-semibold">{item.question}</summary>
      <div className="collapse-content space-y-3 text-base-content/85 leading-relaxed">
        {item.answer.map((paragraph) => (
          <p key={paragraph.slice(0, 32)}>{paragraph}</p>
        ))}
      </div>
    </details>
  );
}
