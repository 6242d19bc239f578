import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { listenForInstallPrompt } from "./lib/install-prompt";
import { queryClient } from "./lib/query-client";
import { meQuery } from "./lib/session";
import { router } from "./router";
import "./styles.css";

// The content security policy forbids eval. zod probes for it (to compile faster parsers)
// unless told not to, and the browser reports the probe as a violation. zod's config lives
// on this global (so copies of zod share it); set here, it is in place before zod loads.
const zodScope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodScope.__zod_globalConfig = { ...zodScope.__zod_globalConfig, jitless: true };
listenForInstallPrompt();
// Who is signed in decides what most pages show, and signed-in pages wait for it:
// ask now, while the page's own code is still on its way.
void queryClient.prefetchQuery(meQuery);

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
