import { isSeller } from "../../shared/permissions";
import { ComingSoon } from "../components/coming-soon";
import { usePageTitle } from "../lib/page-title";
import { useMe } from "../lib/session";

/** Dashboard index: a buyer's own bookings, or for a seller the bookings on their bikes. */
export function Component() {
  const { data: user } = useMe();
  const title = isSeller(user) ? "Bookings on my bikes" : "My booking";
  usePageTitle(title);
  return <ComingSoon title={title} />;
}
