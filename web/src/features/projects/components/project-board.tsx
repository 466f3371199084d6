/** The projects board: overview, six stage columns, drag by pointer or keyboard (Space, Left/Right column to column, Space). */
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router-dom";
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragStartEvent,
} from "@dnd-kit/core";
import { CSS } from "@dnd-kit/utilities";
import { Ban, GripVertical, Pencil, Trash2 } from "lucide-react";
import type { Project } from "@contract/project";
import { projectStages, type ProjectStage } from "@contract/project-values";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { lazyDialog, lazyMounted } from "@/components/ui/lazy-dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { boardCollision } from "@/lib/board-collision";
import { columnKeyboardCoordinates } from "@/lib/board-keyboard";
import { cn } from "@/lib/cn";
import { firstScreenOf, useDrawnInFull } from "@/lib/first-screen";
import { formatDate, formatMoney, formatMoneyWhole } from "@/lib/format";
import { toast } from "@/lib/toast";
import { projectsQueryOptions, useDeleteProject, useMoveProject } from "@/features/projects/api/projects";

/** The form (react-hook-form, zod, Radix) loads when a project is first edited, not with the board. */
const ProjectDialog = lazyDialog(() => import("./project-dialog").then((m) => m.ProjectDialog));
const CancelProjectDialog = lazyMounted(() => import("./cancel-project-dialog").then((m) => m.CancelProjectDialog));

export const statusDotClass = (status: string) =>
  status === "On Track" ? "bg-green-500" : status === "At Risk" ? "bg-yellow-400" : status === "Blocked" ? "bg-red-500" : "bg-slate-400";

function CardBody({ project }: { project: Project }) {
  return (
    <>
      <div className="flex items-start justify-between gap-2">
        <p className="font-medium text-slate-900">
          {project.title}
          {project.cancelled_at && (
            <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-normal text-slate-600">Cancelled</span>
          )}
        </p>
        <span
          className={cn("mt-1.5 size-2.5 shrink-0 rounded-full", statusDotClass(project.status))}
          title={project.status}
          aria-hidden="true"
        />
      </div>
      <p className="text-sm text-slate-600">{project.client_name ?? "No client"}</p>
      <div className="mt-2 flex flex-wrap justify-between gap-1 text-xs text-slate-500">
        <span>{project.budget != null ? formatMoney(project.budget) : "No budget"}</span>
        {project.due_date && <span>Due {formatDate(project.due_date)}</span>}
      </div>
      <span className="sr-only">Status: {project.status}</span>
    </>
  );
}

/**
 * The whole card drags with a pointer; the keyboard picks it up with its grip, an icon-only button
 * named "Move {title}". The card's own text stays plain content: a name that covered it would have
 * to contain all of it (WCAG 2.5.3, label in name), which "Move {title}" does not.
 */
function ProjectCard({
  project,
  onEdit,
  onDelete,
  onCancel,
}: {
  project: Project;
  onEdit: () => void;
  onDelete: () => void;
  /** The Owner's Cancel project; absent for Sales and once cancelled. */
  onCancel?: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, isDragging } = useDraggable({
    id: project.id,
    data: { project },
  });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform) }}
      className={cn(
        "group relative cursor-grab touch-none rounded-lg border border-slate-200 bg-white p-3 shadow-sm",
        isDragging && "opacity-40",
      )}
      data-testid="project-card"
      data-project-id={project.id}
      {...listeners}
    >
      <CardBody project={project} />
      <div className="mt-2 flex justify-end gap-1">
        <Button
          ref={setActivatorNodeRef}
          variant="ghost"
          size="sm"
          className="mr-auto cursor-grab text-slate-500 focus-visible:outline-2 focus-visible:outline-brick-600"
          {...attributes}
          aria-label={`Move ${project.title}`}
          aria-roledescription="draggable project"
        >
          <GripVertical className="size-4" aria-hidden="true" />
        </Button>
        <Button variant="ghost" size="sm" aria-label={`Edit ${project.title}`} onClick={onEdit}>
          <Pencil className="size-4" aria-hidden="true" />
        </Button>
        {onCancel && (
          <Button variant="ghost" size="sm" aria-label={`Cancel project ${project.title}`} onClick={onCancel}>
            <Ban className="size-4" aria-hidden="true" />
          </Button>
        )}
        <Button variant="ghost" size="sm" aria-label={`Delete ${project.title}`} onClick={onDelete}>
          <Trash2 className="size-4" aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}

function StageColumn({ stage, projects, children }: { stage: ProjectStage; projects: Project[]; children: React.ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id: stage });
  return (
    <section
      ref={setNodeRef}
      aria-label={`${stage} column`}
      data-stage={stage}
      data-over={isOver || undefined}
      className={cn(
        "flex min-h-[250px] w-64 shrink-0 flex-col rounded-xl bg-slate-100 p-3 lg:w-auto lg:shrink",
        isOver && "ring-2 ring-brick-500",
      )}
    >
      <h2 className="flex items-center justify-between text-sm font-semibold text-slate-700">
        {stage}
        <span className="rounded-full bg-white px-2 py-0.5 text-xs">{projects.length}</span>
      </h2>
      <ul className="mt-3 flex flex-1 flex-col gap-2">{children}</ul>
    </section>
  );
}

/** A column's cards in the first render: a screen shows four or five of them (lib/first-screen.ts). */
const FIRST_SCREEN_CARDS = 8;

/** A stage column's droppable id is the stage; a card is not a droppable, its data holds the project. */
const coordinateGetter = columnKeyboardCoordinates(projectStages, (entry) =>
  (projectStages as readonly string[]).includes(String(entry.id)) ? entry.id : (entry.data.current?.project as Project | undefined)?.stage,
);

/** `isOwner`: only the Owner cancels a project (its credit notes are the Owner's call). */
export function ProjectBoard({
  matches = () => true,
  isOwner = false,
}: {
  matches?: (title: string, type: string | null) => boolean;
  isOwner?: boolean;
}) {
  const { data, isPending, isError, refetch } = useQuery(projectsQueryOptions());
  const move = useMoveProject();
  const del = useDeleteProject();
  const [active, setActive] = useState<Project | null>(null);
  const [editing, setEditing] = useState<Project | null>(null);
  const [deleting, setDeleting] = useState<Project | null>(null);
  const [cancelling, setCancelling] = useState<Project | null>(null);
  const full = useDrawnInFull(data !== undefined);
  // ?project=<id> opens that project (a lead's Open project links here).
  const [params, setParams] = useSearchParams();
  const linked = params.get("project");
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter }),
  );

  if (isPending) {
    return (
      <div className="space-y-4" aria-busy="true" aria-label="Loading projects">
        <div className="grid gap-4 sm:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-24" />
          ))}
        </div>
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  if (isError) {
    return (
      <div className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-800">
        Could not load projects.{" "}
        <Button variant="secondary" size="sm" onClick={() => void refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  const onDragStart = (e: DragStartEvent) => setActive((e.active.data.current as { project: Project }).project);
  const onDragEnd = (e: DragEndEvent) => {
    setActive(null);
    const project = (e.active.data.current as { project: Project } | undefined)?.project;
    const stage = e.over?.id as ProjectStage | undefined;
    if (!project || !stage || stage === project.stage) return;
    // mutateAsync, not mutate's callbacks: those run only for the latest call, and each of two
    // quick moves needs its own toast. A failure's toast comes from the query client's error path.
    void move.mutateAsync({ project, stage }).then(
      () => toast.success(`Project moved to ${stage}`),
      () => undefined,
    );
  };

  const { overview } = data;
  const shown = editing ?? (linked ? data.projects.find((p) => p.id === linked) : undefined);
  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-3">
        {[
          ["Total Projects", String(overview.total)],
          ["Total Value", formatMoneyWhole(overview.value)],
          ["Completed", String(overview.completed)],
        ].map(([label, value]) => (
          <div key={label} className="rounded-xl border border-slate-200 bg-white p-5">
            <p className="text-sm text-slate-600">{label}</p>
            <p className="mt-1 text-2xl font-bold" data-testid={`overview-${label}`}>
              {value}
            </p>
          </div>
        ))}
      </div>
      <DndContext
        sensors={sensors}
        collisionDetection={boardCollision}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setActive(null)}
        accessibility={{
          announcements: {
            onDragStart: ({ active: a }) => `Picked up ${String((a.data.current as { project?: Project })?.project?.title ?? "project")}.`,
            onDragOver: ({ over }) => (over ? `Over ${String(over.id)}.` : "Not over a stage."),
            onDragEnd: ({ over }) => (over ? `Dropped in ${String(over.id)}.` : "Dropped."),
            onDragCancel: () => "Move cancelled.",
          },
        }}
      >
        <div className="flex gap-3 overflow-x-auto pb-2 lg:grid lg:grid-cols-6 lg:overflow-visible">
          {projectStages.map((stage) => {
            const inStage = data.projects.filter((p) => p.stage === stage && matches(p.title, p.type));
            return (
              <StageColumn key={stage} stage={stage} projects={inStage}>
                {inStage.length === 0 && <li className="text-center text-xs text-slate-500">No projects</li>}
                {firstScreenOf(inStage, full, FIRST_SCREEN_CARDS).map((p) => (
                  <ProjectCard
                    key={p.id}
                    project={p}
                    onEdit={() => setEditing(p)}
                    onDelete={() => setDeleting(p)}
                    onCancel={isOwner && !p.cancelled_at ? () => setCancelling(p) : undefined}
                  />
                ))}
              </StageColumn>
            );
          })}
        </div>
        <DragOverlay dropAnimation={{ duration: 250 }}>
          {active && (
            <div className="rounded-lg border border-slate-200 bg-white p-3 shadow-lg">
              <CardBody project={active} />
            </div>
          )}
        </DragOverlay>
      </DndContext>
      {shown && (
        <ProjectDialog
          key={shown.id}
          project={data.projects.find((p) => p.id === shown.id) ?? shown}
          open
          onOpenChange={(o) => {
            if (o) return;
            setEditing(null);
            if (linked) setParams((p) => (p.delete("project"), p), { replace: true });
          }}
        />
      )}
      {cancelling && <CancelProjectDialog project={cancelling} onClose={() => setCancelling(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete project"
        description={`Are you sure you want to delete "${deleting?.title ?? ""}"?`}
        onConfirm={() => del.mutateAsync(deleting!.id).then(() => toast.success("Project deleted successfully"))}
      />
    </div>
  );
}
