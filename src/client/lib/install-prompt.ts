import { useSyncExternalStore } from "react";
import { emitInstallState, installPrompt } from "./install-prompt-listener";

export type InstallState = "available" | "installed" | "manual";

function snapshot(): InstallState {
  if (installPrompt.installed || window.matchMedia("(display-mode: standalone)").matches)
    return "installed";
  return installPrompt.deferred ? "available" : "manual";
}

function subscribe(listener: () => void) {
  installPrompt.listeners.add(listener);
  return () => installPrompt.listeners.delete(listener);
}

export function useInstallState(): InstallState {
  return useSyncExternalStore(subscribe, snapshot, () => "manual");
}

/** Shows the browser's own install dialog; the event can be used only once. */
export async function promptInstall(): Promise<boolean> {
  const event = installPrompt.deferred;
  if (!event) return false;
  installPrompt.deferred = null;
  await event.prompt();
  const { outcome } = await event.userChoice;
  emitInstallState();
  return outcome === "accepted";
}
