import type { Mail } from "./mail-outbox";

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * A mail whose one action is a link, in plain text and HTML alike: a
 * greeting, the paragraphs, the link, and the way to stop such mails.
 */
export function actionMail(input: {
  to: string;
  name: string;
  subject: string;
  paragraphs: string[];
  action: { label: string; url: string };
  footer?: string;
}): Mail {
  const { to, name, subject, paragraphs, action, footer } = input;
  const tail = footer ? [footer] : [];
  return {
    to,
    subject,
    text: [
      `Hi ${name},`,
      "",
      ...paragraphs.flatMap((paragraph) => [paragraph, ""]),
      `${action.label}: ${action.url}`,
      "",
      ...tail.flatMap((line) => [line, ""]),
      "— ReRide",
    ].join("\n"),
    html: [
      `<p>Hi ${escapeHtml(name)},</p>`,
      ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
      `<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p>`,
      ...tail.map((line) => `<p><small>${escapeHtml(line)}</small></p>`),
      "<p>— ReRide</p>",
    ].join("\n"),
  };
}
