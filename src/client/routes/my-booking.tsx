import { ComingSoon } from "../components/coming-soon";
import { usePageTitle } from "../lib/page-title";

export function Component() {
  usePageTitle("My booking");
  return <ComingSoon title="My booking" />;
}
