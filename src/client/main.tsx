import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { listenForInstallPrompt } from "./lib/install-prompt";
import { queryClient } from "./lib/query-client";
import { meQuery } from "./lib/session";
import { router } from "./router";
import "./styles.css";

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
