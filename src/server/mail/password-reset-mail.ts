import type { Mail } from "./mail-outbox";
import { escapeHtml } from "./mail-template";

/** The mail with a link to choose a new password; the link works once, for an hour. */
export function passwordResetMail(input: { to: string; name: string; link: string }): Mail {
  const { to, name, link } = input;
  return {
    to,
    subject: "Reset your ReRide password",
    text: [
      `Hi ${name},`,
      "",
      "Someone asked to reset the password of your ReRide account. To choose a new one, open:",
      "",
      link,
      "",
      "The link works once, within an hour. Choosing a new password signs you out everywhere.",
      "If it wasn't you, ignore this mail: your password stays as it is.",
      "",
      "— ReRide",
    ].join("\n"),
    html: `<p>Hi ${escapeHtml(name)},</p>
<p>Someone asked to reset the password of your ReRide account.</p>
<p><a href="${escapeHtml(link)}">Choose a new password</a></p>
<p>The link works once, within an hour. Choosing a new password signs you out everywhere.
If it wasn't you, ignore this mail: your password stays as it is.</p>
<p>— ReRide</p>`,
  };
}
