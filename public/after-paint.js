// On a page the server drew (src/server/server-render.ts), the app's code is
// asked for once the page has been painted: the picture comes first, then
// what makes it interactive. The server names the code in #reride-app-code:
// the entry module, and the chunks it and the page will need, fetched side by
// side instead of one after another. Not hashed, so it is revalidated hourly:
// keep what it reads from the page stable.
const element = document.getElementById("reride-app-code");
const code = JSON.parse(element?.textContent || "null");

let loading = false;
function start() {
  if (loading || !code) return;
  loading = true;
  // Into the head at once: one change to the document rather than one per chunk.
  const links = document.createDocumentFragment();
  for (const href of code.preload) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.crossOrigin = "";
    link.href = href;
    links.append(link);
  }
  document.head.append(links);
  import(code.entry);
}

// The browser reports the first contentful paint once it is on screen (a frame's own callbacks
// run before it is drawn). A tab opened in the background paints nothing until it is shown:
// don't wait for that, or for a browser without paint timing, longer than this.
const fallback = setTimeout(start, 3000);
const painted = () => {
  clearTimeout(fallback);
  start();
};
if (performance.getEntriesByName("first-contentful-paint").length > 0) painted();
else if (PerformanceObserver.supportedEntryTypes?.includes("paint")) {
  new PerformanceObserver((entries, observer) => {
    if (!entries.getEntriesByName("first-contentful-paint").length) return;
    observer.disconnect();
    painted();
  }).observe({ type: "paint", buffered: true });
} else requestAnimationFrame(() => setTimeout(painted, 0));
