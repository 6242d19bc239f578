import type { Operation } from "../operation";
import { accountOperations } from "./accounts";
import { administrationOperations } from "./administration";
import { bookingOperations } from "./bookings";
import { catalogOperations } from "./catalog";
import { deploymentOperations } from "./deployment";
import { reviewOperations } from "./reviews";

/** Every endpoint under /api, in the order the reference page shows them. */
export const operations: Operation[] = [
  ...accountOperations,
  ...deploymentOperations,
  ...catalogOperations,
  ...bookingOperations,
  ...reviewOperations,
  ...administrationOperations,
];
