import { BlogQuestion } from "../features/blog/components/blog-question";
import { blogQuestions } from "../features/blog/questions";
import { usePageTitle } from "../lib/page-title";

export function Component() {
  usePageTitle("Blog", { exact: true });
  return (
    <>
      <section className="bg-gradient-to-br from-slate-100 via-base-100 to-orange-50">
        <div className="mx-auto max-w-4xl px-6 py-14 text-center sm:py-20">
          <p className="badge badge-primary badge-soft mb-4 font-semibold">ReRide engineering</p>
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">Blog</h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-base-content/80">
            Questions web developers ask us most, answered by the team that builds ReRide.
          </p>
        </div>
      </section>
      <section aria-label="Questions and answers" className="mx-auto w-full max-w-4xl px-6 py-12">
        <div className="space-y-4">
          {blogQuestions.map((item) => (
            <BlogQuestion key={item.id} item={item} />
          ))}
        </div>
      </section>
    </>
  );
}
