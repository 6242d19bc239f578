import { NotFoundState } from "../components/not-found-state";
import { usePageTitle } from "../lib/page-title";

export function Component() {
  usePageTitle("Page not found");
  return <NotFoundState />;
}
