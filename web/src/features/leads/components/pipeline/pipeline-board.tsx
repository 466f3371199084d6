/**
 * The sales pipeline board. Columns come from GET /api/crm/leads/board (counts and sums from the
 * server, the first cards of each column; 'Show more' pages the rest). All six columns sit in one row
 * (side by side from 1024 px, scrolled sideways below), each scrolling its own cards under a header
 * that stays in view, so Won and Lost are never a long drag away. A card moves with the mouse, with
 * the keyboard (@dnd-kit: Space picks it up, Left/Right go column to column, Up/Down card to card,
 * Space drops, Escape cancels; the column under it is highlighted and announced) or with its
 * "Move to…" menu. Every way runs the same move: optimistic, reverted if the save fails, then the
 * workflow prompts. Won converts the lead into a project on the server (won_to_project).
 */
import { lazy, startTransition, Suspense, useEffect, useRef, useState, type ReactNode, type SVGProps } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useDndContext,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
} from "@dnd-kit/core";
import { SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ArrowRightLeft, GripVertical, Mail, Phone } from "lucide-react";
import type { Lead } from "@contract/lead";
import { boardColumns, type LeadStatus } from "@contract/lead-statuses";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { isApiError } from "@/lib/api";
import { boardCollision } from "@/lib/board-collision";
import { columnKeyboardCoordinates } from "@/lib/board-keyboard";
import { cn } from "@/lib/cn";
import { formatCount, formatMoney, formatMoneyWhole } from "@/lib/format";
import { toast } from "@/lib/toast";
import { leadBoardQueryOptions, showMoreOfColumn, useMoveLead, type LeadBoard } from "@/features/leads/api/leads";
import { FollowUpBadge, LeadSourceBadge } from "@/features/leads/components/lead-badges";
import { useLeadDialogs } from "@/features/leads/components/lead-dialogs";

const columnId = (status: LeadStatus) => `column:${status}`;
/** A column and each of its cards carry the column's status. */
const coordinateGetter = columnKeyboardCoordinates(
  boardColumns.map((c) => columnId(c.status)),
  (entry) => {
    const status = entry.data.current?.status;
    return typeof status === "string" ? columnId(status as LeadStatus) : undefined;
  },
);

const MoveMenu = lazy(() => import("./move-menu").then((m) => ({ default: m.MoveMenu })));
const loadMoveMenu = () => void import("./move-menu");

const followUpStatuses: readonly LeadStatus[] = ["Qualified", "Proposal Sent"];

type Column = LeadBoard["columns"][number];

/**
 * The icons every card shows, drawn once as symbols that each card refers to (<use>): a card then
 * costs two elements per icon instead of a Lucide component and its SVG shapes (GripVertical alone
 * is seven elements), which was about a fifth of the board's first render.
 */
const cardIcons = { grip: GripVertical, move: ArrowRightLeft, mail: Mail, phone: Phone } as const;
type CardIconName = keyof typeof cardIcons;
const symbolId = (name: CardIconName) => `pipeline-card-${name}`;

function CardIconSymbols() {
  return (
    <svg aria-hidden="true" className="absolute size-0 overflow-hidden">
      {(Object.keys(cardIcons) as CardIconName[]).map((name) => {
        const Icon = cardIcons[name];
        return (
          <symbol key={name} id={symbolId(name)} viewBox="0 0 24 24">
            <Icon />
          </symbol>
        );
      })}
    </svg>
  );
}

function CardIcon({ name, ...props }: { name: CardIconName } & SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden={props.role ? undefined : true} {...props}>
      <use href={`#${symbolId(name)}`} />
    </svg>
  );
}

/**
 * What the first render draws: in each column in view, more cards than fit below the board's top on
 * this screen (a card is at least 80 px tall). The page's header, title and overview come first:
 * at least 300 px from 640 px up, where the overview is one row, and 500 px below it, where its
 * three figures stack (measured: the first card starts at 345–401 px and at 557 px). Below 1024 px
 * the columns are a sideways scroll, each min(17rem, 80vw) wide with a 1 rem gap, so a phone shows
 * the first one or two. Everything else (the rest of the 20 a column the page came with, the
 * columns scrolled out of view) follows at once in a transition, which React renders in slices
 * between the browser's frames: the board is on screen, and every card in view can be dragged,
 * before the cards out of view are built.
 */
interface FirstScreen {
  cards: number;
  columns: number;
}
function firstScreen(): FirstScreen {
  const { innerWidth: width, innerHeight: height } = window;
  const columns = width >= 1024 ? boardColumns.length : Math.ceil((width - 16) / (Math.min(272, 0.8 * width) + 16));
  const above = width >= 640 ? 300 : 500;
  return { cards: Math.max(4, Math.ceil((height - above) / 80)), columns };
}

/** Each column's number of cards when the board was last drawn in full. */
type DrawnCounts = Partial<Record<LeadStatus, number>>;
/**
 * How many cards more than that a column shows at once: a move or a colleague's new lead. More (the
 * live socket's first refresh brings each column's 21st to 50th card, 'Show more' 50) are drawn in a
 * transition like the first render's: a query's update renders at once and whole, and 30 more cards
 * a column would hold a phone up for the best part of a second.
 */
const AT_ONCE = 2;
const countsOf = (board: LeadBoard): DrawnCounts => Object.fromEntries(board.columns.map((c) => [c.status, c.leads.length]));

export function PipelineBoard() {
  const { data, isPending, isError, refetch } = useQuery(leadBoardQueryOptions());
  const queryClient = useQueryClient();
  const dialogs = useLeadDialogs();
  const move = useMoveLead();
  const [active, setActive] = useState<Lead | null>(null);
  const [focusMenuOf, setFocusMenuOf] = useState<{ id: string; to: LeadStatus } | null>(null);
  const [first] = useState(firstScreen);
  // undefined until the board is first drawn in full.
  const [drawn, setDrawn] = useState<DrawnCounts>();
  useEffect(() => {
    if (!data) return;
    const outgrown = !drawn || data.columns.some((c) => c.leads.length > (drawn[c.status] ?? 0) + AT_ONCE);
    if (outgrown) startTransition(() => setDrawn(countsOf(data)));
  }, [data, drawn]);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter }),
  );

  if (isPending) return <BoardSkeleton />;
  if (isError || !data)
    return (
      <div className="rounded-xl border border-slate-200 bg-white p-10 text-center text-slate-600">
        The pipeline could not be loaded.{" "}
        <Button variant="secondary" size="sm" onClick={() => void refetch()}>
          Try again
        </Button>
      </div>
    );

  const byStatus = new Map(data.columns.map((c) => [c.status, c]));
  const leadById = (id: unknown) => data.columns.flatMap((c) => c.leads).find((l) => l.id === id);
  const statusOfOver = (over: DragEndEvent["over"]): LeadStatus | undefined =>
    (over?.data.current as { status?: LeadStatus } | undefined)?.status;

  const announcements: Announcements = {
    onDragStart: ({ active: a }) =>
      `Picked up lead ${leadById(a.id)?.name ?? ""}. Use the arrow keys to move it between columns, Space to drop, Escape to cancel.`,
    onDragOver: ({ active: a, over }) => {
      const s = statusOfOver(over);
      return s ? `Lead ${leadById(a.id)?.name ?? ""} is over ${s}.` : `Lead ${leadById(a.id)?.name ?? ""} is not over a column.`;
    },
    onDragEnd: ({ active: a, over }) => {
      const s = statusOfOver(over);
      return s ? `Lead ${leadById(a.id)?.name ?? ""} was dropped on ${s}.` : `Lead ${leadById(a.id)?.name ?? ""} was dropped.`;
    },
    onDragCancel: ({ active: a }) => `Moving lead ${leadById(a.id)?.name ?? ""} was cancelled.`,
  };

  const onDragStart = (e: DragStartEvent) => setActive(leadById(e.active.id) ?? null);

  /** The one move behind a drop and the Move to… menu. */
  const moveLead = (lead: Lead, to: LeadStatus) => {
    const from = lead.status;
    // mutateAsync, not mutate's callbacks: those run only for the latest call, and every one of
    // two quick moves needs its own toast. useMoveLead moves the card back if its save fails.
    void move.mutateAsync({ lead, to }).then(
      ({ lead: saved, action }) => {
        if (to === "Won") {
          // Won before and moved back: the deal keeps the project it has rather than gaining a second.
          const description = action?.existing
            ? `${lead.name} is Won again, and its project carries on.`
            : `${lead.name} has been moved to projects in the Discovery stage.`;
          toast.success("🎉 Congratulations!", { description });
          return;
        }
        toast.success(`Lead moved to ${to}`);
        if (followUpStatuses.includes(to)) dialogs.openWorkflow(saved, { type: "status_change", from, to });
      },
      () => {
        // The card went back: nothing in the new column is waiting for the focus.
        setFocusMenuOf(null);
        toast.error("Error", { description: to === "Won" ? "Failed to convert lead to project" : "Failed to update lead status" });
      },
    );
  };

  const onDragEnd = (e: DragEndEvent) => {
    setActive(null);
    const lead = leadById(e.active.id);
    const to = statusOfOver(e.over);
    if (lead && to && to !== lead.status) moveLead(lead, to);
  };

  // A card moved from its menu lands in another column as a new element; its menu button there takes
  // the focus, so a keyboard user carries on from the card they moved.
  const moveFromMenu = (lead: Lead, to: LeadStatus) => {
    setFocusMenuOf({ id: lead.id, to });
    moveLead(lead, to);
  };

  const loadMore = async (col: Column) => {
    try {
      await showMoreOfColumn(queryClient, col.status, col.leads.length);
    } catch (error) {
      toast.error("Failed to fetch leads", { description: isApiError(error) ? error.message : undefined });
    }
  };

  const { overview } = data;
  const column = (status: LeadStatus) => {
    const col = byStatus.get(status);
    if (!col) return null;
    const inView = boardColumns.findIndex((c) => c.status === status) < first.columns;
    const leads = col.leads.slice(0, drawn ? (drawn[status] ?? 0) + AT_ONCE : inView ? first.cards : 0);
    return (
      <BoardColumn key={status} column={col} leads={leads} onMore={loadMore}>
        {leads.map((lead) => (
          <LeadCard
            key={lead.id}
            lead={lead}
            onOpen={dialogs.openDetail}
            onMove={moveFromMenu}
            focusMenu={focusMenuOf?.id === lead.id && focusMenuOf.to === lead.status}
            onMenuFocused={() => setFocusMenuOf(null)}
          />
        ))}
      </BoardColumn>
    );
  };

  return (
    <div className="space-y-6">
      <CardIconSymbols />
      <section aria-label="Overview" className="grid gap-4 sm:grid-cols-3">
        <Stat label="Total Leads" value={formatCount(overview.total_leads)} />
        <Stat label="Pipeline Value" value={formatMoneyWhole(overview.pipeline_value)} />
        <Stat
          label="Conversion Rate"
          value={`${overview.conversion_rate.toFixed(1)}%`}
          detail={`Won ÷ all leads: ${formatCount(overview.won_leads)} of ${formatCount(overview.total_leads)}`}
        />
      </section>
      <DndContext
        sensors={sensors}
        collisionDetection={boardCollision}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setActive(null)}
        accessibility={{
          announcements,
          screenReaderInstructions: {
            draggable:
              "To move a lead, press Space to pick it up, use the Left and Right arrow keys to move it from column to column, and press Space again to drop it. Press Escape to cancel. Each card's Move to… menu moves it too.",
          },
        }}
      >
        {/* One row: side by side from 1024 px, a sideways scroll (a column at a time) below. Relative, so
            the columns' visually hidden text is placed, and clipped, inside the scroll: placed against
            the page it would reach past a phone's screen and widen its layout viewport. */}
        <div className="relative -mx-4 flex snap-x snap-mandatory gap-4 overflow-x-auto scroll-px-4 px-4 pb-2 sm:-mx-6 sm:scroll-px-6 sm:px-6 lg:mx-0 lg:grid lg:snap-none lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:overflow-visible lg:px-0">
          <section aria-labelledby="active-stages" className="flex flex-col">
            <h2 id="active-stages" className="mb-3 text-sm font-semibold tracking-wide text-slate-600 uppercase">
              Active Stages
            </h2>
            <div className="flex flex-1 gap-4 lg:grid lg:grid-cols-4 lg:gap-3">
              {boardColumns.filter((c) => !c.final).map((c) => column(c.status))}
            </div>
          </section>
          <section aria-labelledby="final-stages" className="flex flex-col">
            <h2 id="final-stages" className="mb-3 text-sm font-semibold tracking-wide text-slate-600 uppercase">
              Final Stages
            </h2>
            <div className="flex flex-1 gap-4 lg:grid lg:grid-cols-2 lg:gap-3">
              {boardColumns.filter((c) => c.final).map((c) => column(c.status))}
            </div>
          </section>
        </div>
        <DragOverlay dropAnimation={{ duration: 250, easing: "cubic-bezier(0.18, 0.67, 0.6, 1.22)" }}>
          {active ? <CardBody lead={active} overlay /> : null}
        </DragOverlay>
      </DndContext>
    </div>
  );
}

function Stat({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <p className="text-sm text-slate-600">{label}</p>
      <p className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">{value}</p>
      {detail && <p className="mt-0.5 text-xs text-slate-600">{detail}</p>}
    </div>
  );
}

function BoardColumn({
  column,
  leads,
  onMore,
  children,
}: {
  column: Column;
  /** The cards drawn so far (the first render draws the first screenful). */
  leads: Lead[];
  onMore: (col: Column) => Promise<void>;
  children: ReactNode;
}) {
  const { setNodeRef } = useDroppable({ id: columnId(column.status), data: { status: column.status } });
  // Over the column or over any card in it: a card's droppable carries its column's status.
  const { active, over } = useDndContext();
  const highlighted = active !== null && (over?.data.current as { status?: LeadStatus } | undefined)?.status === column.status;
  const [loading, setLoading] = useState(false);
  const headingId = `col-${column.status.replace(/\s+/g, "-").toLowerCase()}`;
  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-status={column.status}
      data-over={highlighted || undefined}
      className={cn(
        "flex w-[min(17rem,80vw)] shrink-0 snap-start flex-col rounded-xl border p-2.5 transition-colors lg:w-auto lg:min-w-0",
        highlighted ? "border-brick-500 bg-brick-50 ring-2 ring-brick-300" : "border-slate-200 bg-slate-100/70",
      )}
    >
      <header className="mb-2.5 flex flex-wrap items-center justify-between gap-x-2 gap-y-1 px-0.5">
        <h3 id={headingId} className="font-semibold text-slate-900">
          {column.status}
        </h3>
        <div className="flex items-center gap-2 text-xs text-slate-600">
          {column.value > 0 && <span className="tabular-nums">{formatMoneyWhole(column.value)}</span>}
          {column.count > 0 && (
            <span className="rounded-full bg-white px-2 py-0.5 font-semibold text-slate-800 ring-1 ring-slate-200">
              {column.count}
              {/* Not aria-label: a plain span's name is ignored, and "6" alone would be read. */}
              <span className="sr-only"> leads</span>
            </span>
          )}
        </div>
      </header>
      {/* The cards scroll under the header, so the column's name and totals stay in view. */}
      <div className="-mx-1 min-h-[200px] overflow-y-auto px-1 py-0.5 lg:max-h-[max(22rem,calc(100dvh-22rem))]">
        <SortableContext items={leads.map((l) => l.id)} strategy={verticalListSortingStrategy}>
          <ul className="flex flex-col gap-2">{children}</ul>
        </SortableContext>
        {column.leads.length === 0 && <p className="py-6 text-center text-sm text-slate-500">No leads</p>}
        {/* Once every card fetched is drawn: the button sits below the last of them. */}
        {leads.length === column.leads.length && column.leads.length < column.count && (
          <Button
            variant="ghost"
            size="sm"
            className="mt-2 w-full"
            disabled={loading}
            onClick={() => {
              setLoading(true);
              void onMore(column).finally(() => setLoading(false));
            }}
          >
            {loading ? "Loading..." : `Show more (${column.count - column.leads.length})`}
          </Button>
        )}
      </div>
    </section>
  );
}

function LeadCard({
  lead,
  onOpen,
  onMove,
  focusMenu,
  onMenuFocused,
}: {
  lead: Lead;
  onOpen: (lead: Lead) => void;
  onMove: (lead: Lead, to: LeadStatus) => void;
  focusMenu: boolean;
  onMenuFocused: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: lead.id,
    data: { status: lead.status },
    transition: { duration: 200, easing: "ease" },
  });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cn("touch-none", isDragging && "opacity-40")}
      data-lead-id={lead.id}
      {...listeners}
    >
      <div className="relative rounded-lg border border-slate-200 bg-white shadow-sm hover:border-slate-300">
        <button
          ref={setActivatorNodeRef}
          type="button"
          {...attributes}
          aria-label={`Pick up ${lead.name}`}
          className="absolute top-2 right-1 cursor-grab rounded p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brick-600"
        >
          <CardIcon name="grip" className="size-4" />
        </button>
        <MoveButton lead={lead} onMove={onMove} focus={focusMenu} onFocused={onMenuFocused} />
        <button
          type="button"
          onClick={() => onOpen(lead)}
          className="block w-full rounded-lg p-3 pr-8 text-left focus-visible:outline-2 focus-visible:outline-brick-600"
        >
          <CardBody lead={lead} />
        </button>
      </div>
    </li>
  );
}

/**
 * The Move to… menu's button. Until the menu's chunk has loaded it is a plain button that asks for
 * the menu; the menu then opens as if the button had been pressed once it was there. The chunk is
 * fetched when a pointer or the focus reaches the button, not with the board: the first load has a
 * budget (docs/decisions/0010), and most visits move nothing.
 */
function MoveButton({
  lead,
  onMove,
  focus,
  onFocused,
}: {
  lead: Lead;
  onMove: (lead: Lead, to: LeadStatus) => void;
  focus: boolean;
  onFocused: () => void;
}) {
  // "keyboard" when Enter or Space pressed it (a click with no pointer has detail 0).
  const [wanted, setWanted] = useState<false | "pointer" | "keyboard">(false);
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!focus) return;
    // preventScroll: the board stays where the user left it.
    ref.current?.focus({ preventScroll: true });
    onFocused();
  }, [focus, onFocused]);
  const button = (
    <button
      ref={ref}
      type="button"
      aria-label={`Move ${lead.name} to…`}
      aria-haspopup="menu"
      onClick={wanted ? undefined : (e) => setWanted(e.detail === 0 ? "keyboard" : "pointer")}
      onPointerEnter={loadMoveMenu}
      onFocus={loadMoveMenu}
      // The card drags with the pointer; a press on this button is a press, not the start of a drag.
      onPointerDown={(e) => e.stopPropagation()}
      className="absolute top-9 right-1 rounded p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brick-600 data-[state=open]:bg-slate-100 data-[state=open]:text-slate-700"
    >
      <CardIcon name="move" className="size-4" />
    </button>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <MoveMenu lead={lead} trigger={button} openedBy={wanted} onMove={onMove} />
    </Suspense>
  );
}

function CardBody({ lead, overlay }: { lead: Lead; overlay?: boolean }) {
  return (
    <div className={cn(overlay && "w-60 rotate-2 rounded-lg border border-slate-200 bg-white p-3 pr-8 shadow-lg")}>
      {/* Two lines rather than an ellipsis: six columns side by side leave a card about 160 px. */}
      <p className="line-clamp-2 font-medium break-words text-slate-900">{lead.name}</p>
      {lead.company && <p className="truncate text-sm text-slate-600">{lead.company}</p>}
      <div className="mt-2 flex flex-wrap items-center gap-2">
        {lead.value != null && lead.value > 0 && (
          <span className="text-sm font-semibold text-slate-900 tabular-nums">{formatMoney(lead.value)}</span>
        )}
        <LeadSourceBadge source={lead.source} />
        {lead.email && <CardIcon name="mail" className="size-4 text-slate-500" aria-label="Has email" role="img" />}
        {lead.phone && <CardIcon name="phone" className="size-4 text-slate-500" aria-label="Has phone" role="img" />}
      </div>
      {lead.next_action && <p className="mt-2 truncate text-xs text-slate-600">Next: {lead.next_action}</p>}
      <div className="mt-2 empty:hidden [&>span]:whitespace-normal">
        <FollowUpBadge lead={lead} withDate />
      </div>
    </div>
  );
}

function BoardSkeleton() {
  return (
    <div role="status" aria-label="Loading pipeline" className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-20 rounded-xl" />
        ))}
      </div>
      <div className="grid auto-cols-[minmax(13.5rem,1fr)] grid-flow-col gap-4 overflow-hidden">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-[250px] rounded-xl" />
        ))}
      </div>
    </div>
  );
}
