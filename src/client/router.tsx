import type { RouteObject } from "react-router";
import { RouteError } from "./components/route-error";
import { RouteLoading } from "./components/route-loading";
import * as home from "./routes/home";
import { RootLayout } from "./routes/root";

/**
 * Every screen is its own lazy module, so the first page downloads only the
 * layout and itself; the home page, the front door, comes with the layout
 * (scripts/first-visit.mjs says what that saves). Paths are the seed's;
 * react-router compares them case-insensitively, so /Registration and
 * /dashboard/myProduct work too.
 */
const requireRole = (allow: "seller" | "admin", children: RouteObject[]): RouteObject => ({
  lazy: async () => {
    const { RequireRole } = await import("./components/require-role");
    return { element: <RequireRole allow={allow} /> };
  },
  children,
});
const sellerOnly = (children: RouteObject[]) => requireRole("seller", children);
const adminOnly = (children: RouteObject[]) => requireRole("admin", children);

export const routes: RouteObject[] = [
  {
    path: "/",
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: RouteLoading,
    children: [
      { index: true, lazy: async () => home },
      { path: "login", lazy: () => import("./routes/login") },
      { path: "registration", lazy: () => import("./routes/registration") },
      { path: "forgot-password", lazy: () => import("./routes/forgot-password") },
      { path: "reset-password", lazy: () => import("./routes/reset-password") },
      { path: "verify-email", lazy: () => import("./routes/verify-email") },
      { path: "blog", lazy: () => import("./routes/blog") },
      {
        // The guards load with the page they guard (in parallel): public pages don't carry them.
        // The server renders these pages only for a signed-in visitor (entry-server.tsx).
        handle: { requiresSignIn: true },
        lazy: () => import("./components/require-auth").then((m) => ({ Component: m.RequireAuth })),
        children: [
          { path: "myBooking", lazy: () => import("./routes/my-booking") },
          { path: "title/:id", lazy: () => import("./routes/category-bikes") },
          { path: "bikes", lazy: () => import("./routes/search") },
          { path: "bikes/:id", lazy: () => import("./routes/bike") },
          { path: "sellers/:id", lazy: () => import("./routes/seller") },
          sellerOnly([
            { path: "addProduct", lazy: () => import("./routes/add-product") },
            { path: "myProduct", lazy: () => import("./routes/my-products") },
          ]),
          {
            path: "dashboard",
            lazy: () => import("./routes/dashboard"),
            children: [
              { index: true, lazy: () => import("./routes/dashboard-bookings") },
              { path: "myBooking", lazy: () => import("./routes/my-booking") },
              { path: "wishlist", lazy: () => import("./routes/wishlist") },
              { path: "saved-searches", lazy: () => import("./routes/saved-searches") },
              { path: "messages", lazy: () => import("./routes/messages") },
              { path: "messages/:id", lazy: () => import("./routes/conversation") },
              { path: "notifications", lazy: () => import("./routes/notifications") },
              { path: "settings", lazy: () => import("./routes/settings") },
              sellerOnly([
                { path: "addProduct", lazy: () => import("./routes/add-product") },
                { path: "MyProduct", lazy: () => import("./routes/my-products") },
                { path: "MyProduct/:id/edit", lazy: () => import("./routes/edit-product") },
              ]),
              adminOnly([
                { path: "allSeller", lazy: () => import("./routes/all-sellers") },
                { path: "allBuyer", lazy: () => import("./routes/all-buyers") },
                { path: "reports", lazy: () => import("./routes/reports") },
                { path: "adminLog", lazy: () => import("./routes/admin-log") },
              ]),
            ],
          },
        ],
      },
      { path: "*", lazy: () => import("./routes/not-found") },
    ],
  },
];

/** Marks the routes whose pages only a signed-in visitor sees. */
export function requiresSignIn(route: RouteObject): boolean {
  const handle: unknown = route.handle;
  return typeof handle === "object" && handle !== null && "requiresSignIn" in handle;
}
