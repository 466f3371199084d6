/** The studio's projects (PROJECTS), each with a key the invoices, tasks and activities use. */
import { PROJECTS } from "./data/projects";
import { stamps, type Row, type SeedBase, type SeedContext } from "./context";
import type { projects } from "../../worker/db/schema";

export type ProjectFields = Omit<Row<typeof projects>, "created_at" | "updated_at"> & { id: string; created_at: string };

/** A project row, updated some time after it was created. */
export function addProject(ctx: SeedBase, { created_at, ...project }: ProjectFields): void {
  ctx.rows.projects.push({ ...project, ...stamps(ctx, created_at) });
}

export function seedProjects(ctx: SeedContext): void {
  const { rand, clock, clientIds, leadIndex, projectIds } = ctx;
  for (const p of PROJECTS) {
    const id = rand.uuid();
    projectIds[p.key] = id;
    addProject(ctx, {
      id,
      title: p.title,
      type: p.type,
      client_id: p.client ? clientIds[p.client] : null,
      budget: p.budget,
      start_date: clock.date(-p.startDays),
      due_date: p.dueDays === null ? null : clock.date(p.dueDays),
      stage: p.stage,
      status: p.status,
      notes: p.notes,
      lead_id: p.lead === null ? null : leadIndex(p.lead),
      created_at: clock.ago(Math.max(p.startDays, 0) + 2, rand),
    });
  }
}
