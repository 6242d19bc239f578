import { ComingSoon } from "../components/coming-soon";
import { usePageTitle } from "../lib/page-title";

export function Component() {
  usePageTitle("My products");
  return <ComingSoon title="My products" />;
}
