/** Projects, with their client's name joined. */
import { desc, eq, getTableColumns } from "drizzle-orm";
import type { Db } from "../db/client";
import { clients, projects } from "../db/schema";
import type { Project } from "../../contract/project";

export const projectWithClient = { ...getTableColumns(projects), client_name: clients.name };

export function listProjects(db: Db): Promise<Project[]> {
  return db
    .select(projectWithClient)
    .from(projects)
    .leftJoin(clients, eq(clients.id, projects.client_id))
    .orderBy(desc(projects.created_at));
}
