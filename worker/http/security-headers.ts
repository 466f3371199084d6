/**
 * The security headers of every response. The worker sets them on what it answers; the build
 * writes the same values into dist/_headers for files the assets layer serves directly.
 */
import { PAGE_BOOT_SCRIPT_HASH } from "./page-boot";
import { SPECULATION_RULES_HASH } from "./speculation-rules";

export const contentSecurityPolicy = [
  "default-src 'self'",
  // Besides our own files, only the prerendered pages' boot script and speculation rules, by their hashes.
  `script-src 'self' ${PAGE_BOOT_SCRIPT_HASH} ${SPECULATION_RULES_HASH}`,
  // Radix and the toaster set styles at run time, and prerendered pages inline their critical CSS.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  // Client previews frame the client's own staging site.
  "frame-src https:",
  "frame-ancestors 'self'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join("; ");

export const securityHeaders: Record<string, string> = {
  "Content-Security-Policy": contentSecurityPolicy,
  "Strict-Transport-Security": "max-age=31536000; includeSubDomains",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "X-Frame-Options": "SAMEORIGIN",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
};

/** The body of dist/_headers: the same headers for every static path. */
export function headersFile(): string {
  return ["/*", ...Object.entries(securityHeaders).map(([k, v]) => `  ${k}: ${v}`), ""].join("\n");
}
