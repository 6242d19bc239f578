// Started by warm-formatters.ts. The formatters are thrown away: what counts is the
// locale data the browser loads to build them, which the page's own formatters then share.
new Intl.NumberFormat(undefined, { style: "currency", currency: "USD" }).format(1);
new Intl.DateTimeFormat(undefined, { dateStyle: "long", timeStyle: "short" }).format(0);
new Intl.RelativeTimeFormat(undefined, { numeric: "auto" }).format(-1, "day");
postMessage("warm");
