import { secureHeaders } from "hono/secure-headers";

/**
 * The content security policy the built app itself passes: scripts only from
 * this origin; images also from https (sellers may paste an image link) and
 * data:/blob: (previews); inline styles because toasts and some components
 * set style attributes.
 */
export const securityHeaders = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", "data:", "blob:", "https:"],
    fontSrc: ["'self'", "data:"],
    connectSrc: ["'self'"],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
  xFrameOptions: "DENY",
  referrerPolicy: "strict-origin-when-cross-origin",
  xContentTypeOptions: "nosniff",
  crossOriginEmbedderPolicy: false,
  crossOriginResourcePolicy: "same-origin",
});
