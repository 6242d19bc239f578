import type { BookingStatus } from "#src/shared/schemas/bookings";
import type { AppDb, Dialect } from "../../db/database";
import {
  type NotificationInput,
  notify,
  notifyReadRecipient,
  type Recipient,
} from "../../notifications/notify";

/** Where each side follows its bookings: the seller's dashboard index, the buyer's own list. */
const SELLER_LINK = "/dashboard";
const BUYER_LINK = "/dashboard/myBooking";

/** What a notice needs to know about the booking it is about. */
export interface BookingFacts {
  /** Null once that account is deleted: nobody to tell. */
  buyerId: string | null;
  sellerId: string | null;
  buyerName: string;
  sellerName: string;
  bikeTitle: string;
}

type Notice = Omit<NotificationInput, "email" | "userId"> & { userId: string | null };

/**
 * Who is told what when a booking reaches `to` (PRODUCT.md §8): a new
 * booking tells the seller; the seller's answers tell the buyer; a cancel
 * tells the other party; an expiry tells both. Titles and bodies name the
 * bike and the person.
 */
export function bookingNotices(
  booking: BookingFacts,
  to: BookingStatus,
  by: "buyer" | "seller" | "schedule",
): Notice[] {
  const bike = `“${booking.bikeTitle}”`;
  const toSeller = (kind: Notice["kind"], title: string, body: string): Notice => ({
    userId: booking.sellerId,
    kind,
    title,
    body,
    link: SELLER_LINK,
  });
  const toBuyer = (kind: Notice["kind"], title: string, body: string): Notice => ({
    userId: booking.buyerId,
    kind,
    title,
    body,
    link: BUYER_LINK,
  });
  switch (to) {
    case "pending":
      return [
        toSeller(
          "booking_made",
          `${booking.buyerName} booked your bike`,
          `${booking.buyerName} booked ${bike}. Accept or decline the booking from your dashboard.`,
        ),
      ];
    case "accepted":
      return [
        toBuyer(
          "booking_accepted",
          "Your booking was accepted",
          `${booking.sellerName} accepted your booking of ${bike}. Their phone number is now on your booking.`,
        ),
      ];
    case "declined":
      return [
        toBuyer(
          "booking_declined",
          "Your booking was declined",
          `${booking.sellerName} declined your booking of ${bike}.`,
        ),
      ];
    case "completed":
      return [
        toBuyer(
          "booking_completed",
          "Your purchase is complete",
          `${booking.sellerName} marked the sale of ${bike} to you as completed.`,
        ),
      ];
    case "cancelled":
      return by === "seller"
        ? [
            toBuyer(
              "booking_cancelled",
              "Your booking was cancelled",
              `${booking.sellerName} cancelled your booking of ${bike}.`,
            ),
          ]
        : [
            toSeller(
              "booking_cancelled",
              `${booking.buyerName} cancelled a booking`,
              `${booking.buyerName} cancelled their booking of ${bike}. The bike is available again.`,
            ),
          ];
    case "expired":
      return [
        toBuyer(
          "booking_expired",
          "Your booking expired",
          `${booking.sellerName} didn't answer your booking of ${bike} in time, so it expired. You may book another bike.`,
        ),
        toSeller(
          "booking_expired",
          `A booking of ${bike} expired`,
          `You didn't answer ${booking.buyerName}'s booking of ${bike} in time, so it expired and the bike is available again.`,
        ),
      ];
  }
}

export interface TellOptions {
  publicUrl: string;
  now?: Date;
  /**
   * The party told, as this transaction has read them already (with the
   * bike, with the booking moved): on PostgreSQL their notice and its mail
   * are then one statement (notifyReadRecipient), one round trip fewer.
   */
  recipient?: (Recipient & { id: string }) | null;
  dialect?: Dialect;
}

/** Stores the notices for a booking event; call it in the transaction that made the event. */
export async function tellAboutBooking(
  trx: AppDb,
  booking: BookingFacts,
  to: BookingStatus,
  by: "buyer" | "seller" | "schedule",
  { publicUrl, now, recipient, dialect }: TellOptions,
) {
  const options = { publicUrl, ...(now ? { now } : {}) };
  for (const { userId, ...notice } of bookingNotices(booking, to, by)) {
    if (!userId) continue;
    if (dialect === "postgres" && recipient?.id === userId) {
      await notifyReadRecipient(trx, { ...notice, userId }, recipient, options);
    } else {
      await notify(trx, { ...notice, userId }, options);
    }
  }
}
