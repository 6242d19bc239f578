import { ComingSoon } from "../components/coming-soon";
import { usePageTitle } from "../lib/page-title";

export function Component() {
  usePageTitle("Wishlist");
  return <ComingSoon title="Wishlist" />;
}
