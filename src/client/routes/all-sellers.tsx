import { ComingSoon } from "../components/coming-soon";
import { usePageTitle } from "../lib/page-title";

export function Component() {
  usePageTitle("All sellers");
  return <ComingSoon title="All sellers" />;
}
