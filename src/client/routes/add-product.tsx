import { ComingSoon } from "../components/coming-soon";
import { usePageTitle } from "../lib/page-title";

export function Component() {
  usePageTitle("Add product");
  return <ComingSoon title="Add product" />;
}
