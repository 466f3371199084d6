/**
 * Prints the SQL that creates (or re-keys) a production account, with a PBKDF2 hash made here
 * by the same code the worker verifies with. The password is typed at a hidden prompt or piped
 * on stdin, so it never lands in shell history or a process list; only the hash leaves.
 *
 *   npm run -s hash-password -- --owner --email you@studio.co.uk --name "Your Name" > owner.sql
 *   npm run -s hash-password -- --team > team.sql
 *   npx wrangler d1 execute DB --remote --file owner.sql && rm owner.sql
 */
import { randomUUID } from "node:crypto";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { hashPassword } from "../worker/platform/password";
import { passwordRule } from "../contract/user";
import { accountSql, type AccountRow } from "./lib/account-sql";

const USAGE = `Usage:
  npm run -s hash-password -- --owner --email EMAIL --name "FULL NAME" [--job-title TITLE]
  npm run -s hash-password -- --team [--email team@yourstudio.co.uk]
Prints SQL for \`wrangler d1 execute DB --remote --file\`. The password is read from a hidden prompt (or stdin).`;

async function readPassword(label: string): Promise<string> {
  if (!process.stdin.isTTY) {
    let text = "";
    for await (const chunk of process.stdin) text += chunk;
    return text.replace(/\r?\n$/, "");
  }
  const ask = (prompt: string) =>
    new Promise<string>((resolve) => {
      const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
      // Echo nothing while typing.
      (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) => {
        if (s.startsWith(prompt)) process.stderr.write(prompt);
      };
      rl.question(prompt, (answer) => {
        rl.close();
        process.stderr.write("\n");
        resolve(answer);
      });
    });
  const first = await ask(`${label}: `);
  const second = await ask("Repeat it: ");
  if (first !== second) throw new Error("The two entries differ");
  return first;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      owner: { type: "boolean", default: false },
      team: { type: "boolean", default: false },
      email: { type: "string" },
      name: { type: "string" },
      "job-title": { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help || values.owner === values.team) {
    console.error(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  if (values.owner && (!values.email || !values.name)) throw new Error("--owner needs --email and --name");

  const password = await readPassword(values.team ? "New CRM Access Password" : `Password for ${values.email}`);
  const rule = passwordRule.safeParse(password);
  if (!rule.success) throw new Error(rule.error.issues[0]?.message ?? "Password refused");
  const h = await hashPassword(password);

  const email = (values.email ?? "team@redbrickstudio.co.uk").trim().toLowerCase();
  const row: AccountRow = values.team
    ? { email, full_name: "Studio Team", role: "Sales", job_title: "Shared team account", is_team: 1 }
    : { email, full_name: values.name!.trim(), role: "Owner", job_title: values["job-title"] ?? "Owner", is_team: 0 };
  const note = values.team ? "Shared Team account (the /crm gate's CRM Access Password)" : `Owner ${email}`;
  console.log(accountSql(randomUUID(), row, h, note));
}

main().catch((err: unknown) => {
  console.error(`✘ ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
