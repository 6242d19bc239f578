import type { ReactNode } from "react";
import { useSearchParams } from "react-router";

/**
 * The frame of the login and registration pages: a short pitch beside the
 * form card. Also explains a failed Google sign-in, which comes back to this
 * page with `?error=<code>`.
 */
export function AuthPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro: string;
  children: ReactNode;
}) {
  const [params] = useSearchParams();
  const googleError = params.get("error");
  return (
    <div className="bg-gradient-to-br from-orange-50 via-base-100 to-amber-50">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-6 py-12 lg:grid-cols-2 lg:py-20">
        <div className="text-center lg:text-left">
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">{title}</h1>
          <p className="mt-4 text-lg text-base-content/80">{intro}</p>
          {/* On white, not a primary tint: the tint over the page's gradient took the text below 4.5:1. */}
          <p className="mt-6 inline-flex items-center gap-2 rounded-full bg-base-100 px-4 py-2 text-sm font-semibold text-primary ring-1 ring-primary/30">
            New riders get 20% off their first booking.
          </p>
        </div>
        <div className="card mx-auto w-full max-w-md border border-base-300 bg-base-100 shadow-xl">
          <div className="card-body gap-4">
            {googleError ? (
              <div role="alert" className="alert alert-warning alert-soft text-sm">
                Google sign-in did not complete ({googleError.replaceAll("_", " ")}). Please try
                again.
              </div>
            ) : null}
            {children}
          </div>
        </div>
      </div>
    </div>
  );
}
