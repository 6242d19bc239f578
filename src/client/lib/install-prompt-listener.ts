/**
 * Chrome's install prompt event. It fires once, early, often before the home
 * page's code has loaded, so main.tsx starts listening at boot and keeps the
 * event here; the banner's code (install-prompt.ts) reads it later, and loads
 * with the banner rather than in the first download.
 */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

export const installPrompt = {
  deferred: null as BeforeInstallPromptEvent | null,
  installed: false,
  listeners: new Set<() => void>(),
};

export function emitInstallState() {
  for (const listener of installPrompt.listeners) listener();
}

export function listenForInstallPrompt() {
  window.addEventListener("beforeinstallprompt", (event) => {
    // Keep the browser's mini-infobar away: the home banner offers it instead.
    event.preventDefault();
    installPrompt.deferred = event as BeforeInstallPromptEvent;
    emitInstallState();
  });
  window.addEventListener("appinstalled", () => {
    installPrompt.deferred = null;
    installPrompt.installed = true;
    emitInstallState();
  });
}
