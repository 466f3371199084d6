/** What the end-to-end specs share: the demo sign-ins the server was seeded with, and the local mail capture. */
import { expect, type APIRequestContext } from "@playwright/test";
import { readDemoSettings } from "../../scripts/lib/local";

/** The same values scripts/seed.ts used (.dev.vars, else .dev.vars.example). */
export const demo = readDemoSettings();

interface CapturedMail {
  messageId: string;
  to: string[];
  subject: string;
  sentAt: string;
}

/** The plain-text body of a captured message (our mail is text/plain, base64). */
function decodeBody(raw: string): string {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split);
  const body = raw.slice(split + 4);
  return /content-transfer-encoding:\s*base64/i.test(head) ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8") : body;
}

/**
 * The newest message sent to `to`, read from wrangler dev's local e-mail capture
 * (`/cdn-cgi/explorer/api/local/email/sending`); waits for it to arrive.
 */
export async function latestMailTo(request: APIRequestContext, to: string): Promise<{ subject: string; text: string }> {
  let found: CapturedMail | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get("/cdn-cgi/explorer/api/local/email/sending");
        expect(res.ok()).toBeTruthy();
        const list = ((await res.json()) as { result: CapturedMail[] }).result;
        found = list.filter((m) => m.to.includes(to)).sort((a, b) => b.sentAt.localeCompare(a.sentAt))[0];
        return !!found;
      },
      { message: `an e-mail to ${to}` },
    )
    .toBe(true);
  const res = await request.get(`/cdn-cgi/explorer/api/local/email/sending?email_id=${encodeURIComponent(found!.messageId)}`);
  expect(res.ok()).toBeTruthy();
  const { result } = (await res.json()) as { result: { subject: string; raw: string } };
  return { subject: result.subject, text: decodeBody(result.raw) };
}
