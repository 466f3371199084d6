/** The studio's accounts: the Owner, the Head of Sales and the shared team account. */
import type { PasswordHash } from "../../worker/platform/password";
import { STAFF } from "./data/staff";
import type { SeedBase, SeedPeople } from "./context";

/** The demo sign-ins (from .dev.vars) with their passwords already hashed. */
export interface StaffHashes {
  owner: { email: string; hash: PasswordHash };
  sales: { email: string; hash: PasswordHash };
  team: { hash: PasswordHash };
}

interface UserSeed {
  id: string;
  email: string;
  who: (typeof STAFF)[keyof typeof STAFF];
  hash: PasswordHash;
  isTeam: boolean;
  daysAgo: number;
}

function addUser({ rand, clock, rows }: SeedBase, user: UserSeed): void {
  const created_at = clock.ago(user.daysAgo, rand);
  rows.users.push({
    id: user.id,
    email: user.email.toLowerCase(),
    full_name: user.who.full_name,
    role: user.who.role,
    job_title: user.who.job_title,
    password_hash: user.hash.hash,
    salt: user.hash.salt,
    iterations: user.hash.iterations,
    disabled: false,
    is_team: user.isTeam,
    created_at,
    updated_at: created_at,
  });
}

export function seedStaff(ctx: SeedBase, staff: StaffHashes): SeedPeople {
  const { rand } = ctx;
  const ownerId = rand.uuid();
  const salesId = rand.uuid();
  const teamId = rand.uuid();
  addUser(ctx, { id: ownerId, email: staff.owner.email, who: STAFF.owner, hash: staff.owner.hash, isTeam: false, daysAgo: 200 });
  addUser(ctx, { id: salesId, email: staff.sales.email, who: STAFF.sales, hash: staff.sales.hash, isTeam: false, daysAgo: 190 });
  addUser(ctx, { id: teamId, email: STAFF.team.email, who: STAFF.team, hash: staff.team.hash, isTeam: true, daysAgo: 190 });
  return { ownerId, salesId, people: [ownerId, salesId], person: () => (rand.chance(0.45) ? ownerId : salesId) };
}
