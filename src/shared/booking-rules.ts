import type { BookingStatus } from "./schemas/bookings";

/**
 * Who may move a booking from which status to which (PRODUCT.md §4). The
 * server enforces it; the client uses it to decide which buttons to show.
 */
const transitions: Record<"buyer" | "seller", Partial<Record<BookingStatus, BookingStatus[]>>> = {
  buyer: { pending: ["cancelled"], accepted: ["cancelled"] },
  seller: { pending: ["accepted", "declined"], accepted: ["completed", "declined"] },
};

export function allowedTransitions(side: "buyer" | "seller", from: BookingStatus): BookingStatus[] {
  return transitions[side][from] ?? [];
}

export function canTransition(side: "buyer" | "seller", from: BookingStatus, to: BookingStatus) {
  return allowedTransitions(side, from).includes(to);
}

/** What the bike becomes when its booking reaches `to`. */
export function bikeStatusAfter(to: BookingStatus): "available" | "booked" | "sold" {
  if (to === "completed") return "sold";
  if (to === "accepted" || to === "pending") return "booked";
  return "available";
}
