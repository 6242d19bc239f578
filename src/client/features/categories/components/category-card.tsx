import { Link } from "react-router";
import type { Category } from "#src/shared/schemas/categories";

export function CategoryCard({ category }: { category: Category }) {
  return (
    <article className="card border border-base-300 bg-base-100 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md">
      <figure className="bg-base-200 px-8 pt-8 pb-6">
        <img
          src={category.logo}
          alt={`${category.name} logo`}
          width="240"
          height="96"
          loading="lazy"
          className="h-20 w-auto max-w-full object-contain"
        />
      </figure>
      <div className="card-body gap-3">
        <div className="flex items-center justify-between gap-3">
          <h3 className="card-title text-2xl tracking-wide">{category.name}</h3>
          <span className="badge badge-neutral badge-outline whitespace-nowrap">
            {category.availableCount} available
          </span>
        </div>
        <div className="card-actions justify-end">
          <Link to={`/title/${category.id}`} className="btn btn-primary">
            Details<span className="sr-only"> for {category.name}</span>
          </Link>
        </div>
      </div>
    </article>
  );
}
