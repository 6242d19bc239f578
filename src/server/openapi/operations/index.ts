import type { Operation } from "../operation";
import { accountOperations } from "./accounts";
import { administrationOperations } from "./administration";
import { bookingOperations } from "./bookings";
import { catalogOperations } from "./catalog";
import { conversationOperations } from "./conversations";
import { deploymentOperations } from "./deployment";
import { moderationOperations } from "./moderation";
import { notificationOperations } from "./notifications";
import { reviewOperations } from "./reviews";
import { savedSearchOperations } from "./saved-searches";

/** Every endpoint under /api, in the order the reference page shows them. */
export const operations: Operation[] = [
  ...accountOperations,
  ...deploymentOperations,
  ...catalogOperations,
  ...bookingOperations,
  ...savedSearchOperations,
  ...conversationOperations,
  ...reviewOperations,
  ...notificationOperations,
  ...administrationOperations,
  ...moderationOperations,
];
