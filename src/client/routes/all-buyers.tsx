import { ComingSoon } from "../components/coming-soon";
import { usePageTitle } from "../lib/page-title";

export function Component() {
  usePageTitle("All buyers");
  return <ComingSoon title="All buyers" />;
}
