/**
 * Runs in Node, not in workerd: the MAILBOX service binding of the worker test pool
 * (vitest.config.ts). It reads what the real local send_email binding sent.
 *
 * Miniflare's send_email binding validates each message, then writes the raw message it
 * accepted to `<os.tmpdir()>/miniflare-<random>/email/email/<id>.eml` (the file its log line
 * "send_email binding called ..." points to, and the message its local explorer lists). The
 * pool does not enable the explorer and Miniflare keeps its temp directory private, so this
 * scans every Miniflare temp directory and returns the messages whose `To:` header is exactly
 * the address asked for. Tests send to unique addresses, and each run has a temp directory of its
 * own (vitest.config.ts), so runs never see each other's mail.
 *
 * The pool reuses one Miniflare instance across test files (vitest.config.ts, isolate: false), so a
 * shared address such as the studio inbox collects every file's mail: `since` (epoch ms) leaves out
 * the messages written before the asking test began.
 *
 * GET http://mailbox/messages?to=<address>[&since=<ms>]  ->  200 [{ file, raw }], oldest first
 */
import { readdir, readFile, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

async function listDir(dir) {
  try {
    return await readdir(dir);
  } catch {
    return [];
  }
}

/** @param {Request} request */
export async function mailbox(request) {
  const url = new URL(request.url);
  const to = url.searchParams.get("to");
  if (url.pathname !== "/messages" || !to) return new Response("GET /messages?to=<address>", { status: 400 });
  const since = Number(url.searchParams.get("since") ?? 0);
  const toLine = new RegExp(`^To: ${escapeRe(to)}\\r?$`, "mi");
  const found = [];
  for (const name of await listDir(tmpdir())) {
    if (!name.startsWith("miniflare-")) continue;
    const dir = join(tmpdir(), name, "email", "email");
    for (const file of await listDir(dir)) {
      if (!file.endsWith(".eml")) continue;
      const path = join(dir, file);
      try {
        const { mtimeMs } = await stat(path);
        if (mtimeMs < since) continue;
        const raw = await readFile(path, "utf8");
        if (toLine.test(raw.split(/\r?\n\r?\n/, 1)[0])) found.push({ file: path, raw, mtime: mtimeMs });
      } catch {
        // Removed by its instance's exit, or still being written: the caller polls again.
      }
    }
  }
  found.sort((a, b) => a.mtime - b.mtime);
  return Response.json(found.map(({ file, raw }) => ({ file, raw })));
}
