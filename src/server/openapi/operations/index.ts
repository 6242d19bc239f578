import type { Operation } from "../operation";
import { accountOperations } from "./accounts";
import { administrationOperations } from "./administration";
import { bookingOperations } from "./bookings";
import { catalogOperations } from "./catalog";
import { deploymentOperations } from "./deployment";
import { notificationOperations } from "./notifications";

/** Every endpoint under /api, in the order the reference page shows them. */
export const operations: Operation[] = [
  ...accountOperations,
  ...deploymentOperations,
  ...catalogOperations,
  ...bookingOperations,
  ...notificationOperations,
  ...administrationOperations,
];
