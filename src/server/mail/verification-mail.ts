import type { Mail } from "./mail-outbox";
import { actionMail } from "./mail-template";

/** How long a mailed verification link works: a day, so a mail read the next morning still works. */
export const VERIFICATION_LINK_SECONDS = 24 * 60 * 60;

/** The mail with the link that proves the address is the user's. */
export function verificationMail(input: { to: string; name: string; link: string }): Mail {
  return actionMail({
    to: input.to,
    name: input.name,
    subject: "Confirm your e-mail address for ReRide",
    paragraphs: [
      "Please confirm that this is your e-mail address, so we can reach you about your bookings and bikes.",
      "The link works for 24 hours. If you didn't make a ReRide account, ignore this mail.",
    ],
    action: { label: "Confirm my e-mail address", url: input.link },
  });
}
