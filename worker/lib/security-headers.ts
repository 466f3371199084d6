/**
 * The security headers of every response. The worker sets them on what it answers; the build
 * writes the same values into dist/_headers for files the assets layer serves directly.
 */
export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  // Radix and the toaster set styles at run time; scripts stay strictly 'self'.
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
