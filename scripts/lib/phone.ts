/**
 * A phone as the bench and the end-to-end tests load the CRM on one: 390 CSS pixels wide (an
 * iPhone 12–16's width), touch, a phone's pixel ratio and Chrome for Android's user agent
 * (Pixel 7's), so Chromium lays pages out as Chrome for Android does (its layout viewport included).
 */
import { devices, type BrowserContextOptions } from "@playwright/test";

export const PHONE_CONTEXT = {
  viewport: { width: 390, height: 844 },
  screen: { width: 390, height: 844 },
  deviceScaleFactor: devices["Pixel 7"].deviceScaleFactor,
  userAgent: devices["Pixel 7"].userAgent,
  isMobile: true,
  hasTouch: true,
} satisfies BrowserContextOptions;
