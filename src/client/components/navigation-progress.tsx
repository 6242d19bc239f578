import { useNavigation } from "react-router";

/**
 * Some pages wait for their data before they show (the category list), and
 * every page's code loads on first visit: a bar at the top says "working"
 * meanwhile, for exactly as long as the navigation takes.
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === "idle") return null;
  return (
    <div role="status" className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-primary/20">
      <div className="h-full w-1/3 animate-pulse bg-primary" />
      <span className="sr-only">Loading the page...</span>
    </div>
  );
}
