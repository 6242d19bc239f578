import { PageHeading } from "./page-heading";

/** The pages the next release fills in: the final heading now, the content then. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-10">
      <PageHeading>{title}</PageHeading>
      <div className="mt-6 rounded-box border border-dashed border-base-300 bg-base-200 p-8 text-center">
        <p className="text-lg font-semibold">Coming soon</p>
        <p className="mt-1 text-base-content/80">This page is on its way in the next release.</p>
      </div>
    </section>
  );
}
