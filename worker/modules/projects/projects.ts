/** Projects, with their client's name joined; the delivery board's totals. */
import { and, count, desc, eq, getTableColumns, sql, sum } from "drizzle-orm";
import type * as z from "zod";
import type { Db } from "../../platform/db";
import { clients, leads, projects } from "../../db/schema";
import type { Project, projectInput, projectPatch } from "../../../contract/project";
import { notFound } from "../../platform/errors";
import { invalid } from "../../platform/validate";
import { newId } from "../../platform/ids";
import { nextStamp, nowIso } from "../../platform/time";
import { versionedResult } from "../../platform/versioned";
import { isGuardAbort, requireUpdated, runBatch } from "../../platform/batch";
import { projectEventWrites, type RaiseContext, type RaiseWrites } from "../instalments";

export const projectWithClient = { ...getTableColumns(projects), client_name: clients.name };

const withClient = (db: Db) => db.select(projectWithClient).from(projects).leftJoin(clients, eq(clients.id, projects.client_id));

/** Every project, or a client's, or a lead's (the lead dialog's Start Project opens the one it has). */
export function listProjects(db: Db, filter: { client_id?: string; lead_id?: string } = {}): Promise<Project[]> {
  return withClient(db)
    .where(
      and(
        filter.client_id ? eq(projects.client_id, filter.client_id) : undefined,
        filter.lead_id ? eq(projects.lead_id, filter.lead_id) : undefined,
      ),
    )
    .orderBy(desc(projects.created_at));
}

export async function projectOverview(db: Db) {
  const [row] = await db
    .select({
      total: count(),
      value: sum(projects.budget).mapWith(Number),
      completed: sql<number>`sum(case when ${projects.stage} = 'Done' then 1 else 0 end)`.mapWith(Number),
    })
    .from(projects);
  return { total: row.total, value: row.value ?? 0, completed: row.completed ?? 0 };
}

export async function getProject(db: Db, id: string): Promise<Project> {
  const [row] = await withClient(db).where(eq(projects.id, id)).limit(1);
  if (!row) throw notFound("Project");
  return row;
}

/** The client and lead a project names must exist: a clear field error rather than a foreign-key conflict. */
async function assertLinks(db: Db, links: { client_id?: string | null; lead_id?: string | null }) {
  if (links.client_id && !(await db.select({ id: clients.id }).from(clients).where(eq(clients.id, links.client_id)).get()))
    throw invalid({ client_id: "That client does not exist" });
  if (links.lead_id && !(await db.select({ id: leads.id }).from(leads).where(eq(leads.id, links.lead_id)).get()))
    throw invalid({ lead_id: "That lead does not exist" });
}

export async function createProject(db: Db, input: z.output<typeof projectInput>): Promise<Project> {
  await assertLinks(db, input);
  const now = nowIso();
  const id = newId();
  await db.insert(projects).values({ ...input, id, created_at: now, updated_at: now });
  return getProject(db, id);
}

/**
 * A versioned edit. Moving the status to Completed raises, in the same batch, the instalments due on
 * completion of the proposals that started the project (docs/decisions/0063); answers their ids
 * for the route to share and e-mail once it has committed.
 */
export async function updateProject(
  db: Db,
  id: string,
  patch: z.output<typeof projectPatch>,
  by: { id: string },
  raise: RaiseContext,
): Promise<{ project: Project; raised: string[] }> {
  const { updated_at: seen, ...changes } = patch;
  await assertLinks(db, changes);
  const before =
    changes.status === "Completed"
      ? await db.select({ status: projects.status }).from(projects).where(eq(projects.id, id)).get()
      : undefined;
  const due: RaiseWrites =
    before && before.status !== "Completed" ? await projectEventWrites(db, id, "on_completion", raise) : { writes: [], raised: [] };
  // Who moved the stage, as leads keep it; a save that leaves the stage as it was keeps the stamp.
  const stamp = changes.stage
    ? {
        stage_changed_by: sql<
          string | null
        >`CASE WHEN ${projects.stage} = ${changes.stage} THEN ${projects.stage_changed_by} ELSE ${by.id} END`,
      }
    : {};
  try {
    await runBatch(db, [
      db
        .update(projects)
        .set({ ...changes, ...stamp, updated_at: nextStamp(seen) })
        .where(and(eq(projects.id, id), eq(projects.updated_at, seen))),
      // A stale copy changes nothing, and raises nothing.
      requireUpdated(db),
      ...due.writes,
    ]);
  } catch (err) {
    if (!isGuardAbort(err)) throw err;
    await versionedResult([], () => db.select({ id: projects.id }).from(projects).where(eq(projects.id, id)).get(), "Project");
  }
  return { project: await getProject(db, id), raised: due.raised };
}

export async function deleteProject(db: Db, id: string): Promise<void> {
  const rows = await db.delete(projects).where(eq(projects.id, id)).returning({ id: projects.id });
  if (rows.length === 0) throw notFound("Project");
}
