/**
 * The SQL `npm run hash-password` prints: create an account, or re-key the one with that e-mail.
 * Kept apart from the script's prompts so a worker test can run it against real D1.
 */
import type { PasswordHash } from "../../worker/platform/password";

export interface AccountRow {
  email: string;
  full_name: string;
  role: "Owner" | "Sales";
  job_title: string;
  is_team: 0 | 1;
}

const sqlText = (s: string) => `'${s.replaceAll("'", "''")}'`;

/**
 * Re-running it for the same e-mail is a rotation: the new password replaces the old, the account
 * is enabled again, and its epoch moves on, so every session and every browser the old password
 * signed in (device cookies, docs/decisions/0014) has to sign in again.
 */
export function accountSql(id: string, row: AccountRow, hash: PasswordHash, note: string): string {
  return [
    `-- ${note}; generated ${new Date().toISOString()}`,
    "INSERT INTO users (id, email, full_name, role, job_title, password_hash, salt, iterations, disabled, is_team)",
    `VALUES (${sqlText(id)}, ${sqlText(row.email)}, ${sqlText(row.full_name)}, ${sqlText(row.role)}, ${sqlText(row.job_title)}, ` +
      `${sqlText(hash.hash)}, ${sqlText(hash.salt)}, ${hash.iterations}, 0, ${row.is_team})`,
    "ON CONFLICT (email) DO UPDATE SET password_hash = excluded.password_hash, salt = excluded.salt, iterations = excluded.iterations,",
    "  disabled = 0, session_epoch = users.session_epoch + 1, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now');",
  ].join("\n");
}
