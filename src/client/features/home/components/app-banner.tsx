import { useState } from "react";
import { promptInstall, useInstallState } from "#src/client/lib/install-prompt";

/**
 * "Get the app": ReRide is an installable web app (web manifest), so the
 * banner offers the browser's install dialog when it has one, and says how to
 * install it by hand otherwise.
 */
export function AppBanner() {
  const state = useInstallState();
  const [busy, setBusy] = useState(false);

  const install = async () => {
    setBusy(true);
    try {
      await promptInstall();
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="app-heading" className="mx-auto w-full max-w-7xl px-6 py-6">
      <div className="grid items-center gap-8 overflow-hidden rounded-box bg-secondary p-8 text-secondary-content sm:p-10 md:grid-cols-[1fr_auto]">
        <div>
          <h2 id="app-heading" className="text-2xl font-bold sm:text-3xl">
            Get the app
          </h2>
          <p className="mt-3 max-w-2xl text-secondary-content/90">
            ReRide installs on your phone or computer straight from the browser, no app store
            needed. It opens in its own window and sits on your home screen next to your other apps.
          </p>
        </div>
        <div>
          {state === "installed" ? (
            <p className="font-semibold">ReRide is installed on this device.</p>
          ) : state === "available" ? (
            <button
              type="button"
              className="btn btn-accent btn-lg"
              disabled={busy}
              onClick={install}
            >
              {busy ? "Opening..." : "Install the app"}
            </button>
          ) : (
            <p className="max-w-xs rounded-box bg-secondary-content/10 p-4 text-sm">
              Use your browser's Install / Add to Home screen option (in the browser menu or the
              share menu) to add ReRide to this device.
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
