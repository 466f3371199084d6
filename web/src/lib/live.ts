/**
 * The live channel: one WebSocket per CRM tab to /api/crm/live. Every change the hub reports
 * becomes a TanStack Query invalidation by entity (every feature's keys start with the entity
 * name, contract/live.ts), so screens refetch from D1 rather than trust data over the socket.
 * While one of the tab's own changes is saving, events wait, so an optimistic change is not clobbered.
 * After a drop it reconnects with backoff and refetches everything on screen.
 */
import { createContext, createElement, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useQueryClient, type QueryClient, type QueryKey } from "@tanstack/react-query";
import type { ClientMessage, LiveEntity, LiveEvent, PresenceEntry, ServerMessage } from "@contract/live";
import { bootReadAt, takeBootSync, type BootSync } from "./crm-boot";

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;
const isNullableString = (v: unknown) => v === null || typeof v === "string";

/**
 * A structural check of what the hub sends, rather than contract/live.ts's zod schema: zod would
 * be a third of the CRM's first load (docs/decisions/0010-crm-first-data-inline.md). The hub is our own and sends only what that
 * schema allows; this keeps a malformed frame from reaching the cache or throwing.
 */
export function asServerMessage(value: unknown): ServerMessage | null {
  if (!isObject(value)) return null;
  if (value.kind === "pong") return { kind: "pong" };
  if (value.kind === "change") {
    const e = value.event;
    if (!isObject(e) || typeof e.entity !== "string" || typeof e.op !== "string" || !isNullableString(e.id) || !isNullableString(e.by))
      return null;
    return value as ServerMessage;
  }
  if (value.kind === "missed") {
    const ok = Array.isArray(value.entities) && value.entities.every((e) => typeof e === "string");
    return ok ? (value as ServerMessage) : null;
  }
  if (value.kind === "presence") {
    const ok =
      Array.isArray(value.present) &&
      value.present.every(
        (p) => isObject(p) && typeof p.user_id === "string" && typeof p.full_name === "string" && isNullableString(p.viewing),
      );
    return ok ? (value as ServerMessage) : null;
  }
  return null;
}

export type LiveStatus = "connecting" | "open" | "reconnecting";

interface LiveContextValue {
  /** The signed-in user this tab connected as. */
  userId: string;
  status: LiveStatus;
  /** Everyone connected, one entry per open tab (the current user's own tabs included). */
  present: PresenceEntry[];
  /** Change events received since this tab's CRM mounted. */
  events: number;
  /** Announces what this tab is looking at until the returned function is called. */
  view: (viewing: string) => () => void;
}

const LiveContext = createContext<LiveContextValue | null>(null);

const PING_MS = 25_000;
const BACKOFF_MIN_MS = 500;
const BACKOFF_MAX_MS = 10_000;

/** Exponential backoff with full jitter over the upper half: 0.5 s, 1 s, 2 s … capped at 10 s. */
export function backoffDelay(attempt: number): number {
  const cap = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** attempt);
  return cap / 2 + Math.random() * (cap / 2);
}

export function liveUrl(location: Pick<Location, "protocol" | "host"> = window.location, since?: number): string {
  const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/crm/live`;
  return since === undefined ? url : `${url}?since=${since}`;
}

/** The first element of a query key: an entity's name, or "dashboard", whose numbers come from several. */
type QueryRoot = LiveEntity | "dashboard";

/**
 * Screens that show a row of one entity inside another's data: a change to the key entity makes
 * them stale too. A lead's status change writes its timeline; client detail lists the client's
 * projects; project, proposal and invoice cards show client, lead and project names.
 */
const shownWith: Partial<Record<LiveEntity, readonly QueryRoot[]>> = {
  leads: ["lead_activities", "proposals", "tasks", "activities", "dashboard"],
  // A new preview URL publishes a new version, which changes how the Feedback section labels versions.
  // The dashboard's lists name clients.
  clients: ["projects", "proposals", "invoices", "leads", "preview_feedback", "dashboard"],
  projects: ["clients", "invoices"],
  // A client's page lists their proposals and invoices.
  proposals: ["clients", "dashboard"],
  invoices: ["clients", "dashboard"],
  tasks: ["dashboard"],
  // An entry logged for a lead is on its timeline too, and one for a client (or its lead) on the client's page.
  activities: ["lead_activities", "clients"],
  // A converted lead's history shows on its client's page.
  lead_activities: ["clients"],
  // A comment or reply writes the Activity Feed; the Clients list counts each client's open comments.
  preview_feedback: ["activities", "clients", "dashboard"],
  // One event for the whole approval: it also moved the client's project to Launch and wrote the feed.
  preview_approvals: ["preview_feedback", "projects", "activities", "clients", "dashboard"],
  // A client's answer on their page: the proposal, and what the Accept workflow changed with it.
  proposal_responses: ["proposals", "leads", "lead_activities", "clients", "projects", "activities", "dashboard"],
  // A question or an answer writes the Activity Feed, shown on the lead's timeline and the client's page.
  proposal_messages: ["proposals", "activities", "lead_activities", "clients"],
  // A filed message writes an Email entry on a lead's timeline or a client's activity.
  mail: ["activities", "lead_activities", "clients"],
  // The forecast's stage weights.
  settings: ["dashboard"],
};

/**
 * Invalidates the queries a change to `entity` (or to each of several) makes stale: its own and
 * those of the screens that show its rows (shownWith). The one map of what a change affects, used
 * by the live channel and by the tab's own mutations. `except` leaves out entities the caller
 * refreshes itself (e.g. leads, which wait for the last optimistic lead change to settle).
 */
export function invalidateEntity(
  queryClient: QueryClient,
  entity: LiveEntity | readonly LiveEntity[],
  { except = [] }: { except?: readonly LiveEntity[] } = {},
): Promise<unknown> {
  const changed: readonly LiveEntity[] = typeof entity === "string" ? [entity] : entity;
  if (changed.includes("all")) return queryClient.invalidateQueries();
  const stale = new Set<QueryRoot>(changed.flatMap((e) => [e, ...(shownWith[e] ?? [])]));
  for (const e of except) stale.delete(e);
  return Promise.all([...stale].map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
}

/** How long a tab gathers change events before it refetches what they touched, once. */
export const COALESCE_MS = 100;

/**
 * Invalidates what changes touched, gathered over COALESCE_MS: a burst (an import, a colleague's
 * bulk edit, an export that stamps a thousand invoices) refetches each screen once, not once per
 * row, and each refetch no longer cancels the one before it mid-flight. While any of the tab's own
 * changes is saving the gathered events wait, so an optimistic change is not undone on screen.
 */
export function createInvalidator(queryClient: QueryClient, delayMs = COALESCE_MS) {
  const pending = new Set<LiveEntity>();
  /** Refreshes not to be gathered, only held while the tab's own changes save (`afterSaving`). */
  const held: (() => unknown)[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    if (queryClient.isMutating() > 0) return;
    for (const refresh of held.splice(0)) void refresh();
    if (timer !== undefined || pending.size === 0) return;
    const entities = [...pending];
    pending.clear();
    void invalidateEntity(queryClient, entities);
  };
  const unsubscribe = queryClient.getMutationCache().subscribe(flush);
  return {
    change(entity: LiveEntity) {
      pending.add(entity);
      timer ??= setTimeout(() => {
        timer = undefined;
        flush();
      }, delayMs);
    },
    /**
     * Runs `refresh` at once, or as soon as none of the tab's own changes is saving: what the socket
     * brings as it opens, which may come while a move made on the page just loaded is still saving.
     */
    afterSaving(refresh: () => unknown) {
      held.push(refresh);
      flush();
    },
    dispose() {
      unsubscribe();
      clearTimeout(timer);
    },
  };
}

declare global {
  interface Window {
    /** Set by end-to-end tests (before the page loads) to get the drop hook below. */
    __LIVE_TEST__?: boolean;
    __liveTest?: { drop: (holdMs: number) => void };
  }
}

/** The tab's socket and what it is viewing: they outlive renders and never drive them. */
class Connection {
  socket: WebSocket | null = null;
  /** Innermost last: a lead dialog open over the pipeline wins, and closing it falls back to the pipeline. */
  private views: { viewing: string }[] = [];

  get viewing(): string | null {
    return this.views.at(-1)?.viewing ?? null;
  }

  send(message: ClientMessage, ws = this.socket) {
    if (ws?.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
  }

  view(viewing: string): () => void {
    const entry = { viewing };
    this.views.push(entry);
    this.send({ kind: "viewing", viewing: this.viewing });
    return () => {
      this.views = this.views.filter((v) => v !== entry);
      this.send({ kind: "viewing", viewing: this.viewing });
    };
  }
}

export function LiveProvider({
  userId,
  onChange,
  children,
}: {
  userId: string;
  /** Told of every change event after its invalidation, for what the app announces (a toast). */
  onChange?: (event: LiveEvent) => void;
  children: ReactNode;
}) {
  const queryClient = useQueryClient();
  // Read through a ref: a new callback each render must not reopen the socket.
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  const [status, setStatus] = useState<LiveStatus>("connecting");
  const [present, setPresent] = useState<PresenceEntry[]>([]);
  const [events, setEvents] = useState(0);
  // The socket and what this tab is viewing outlive renders and never drive them.
  const [conn] = useState(() => new Connection());

  useEffect(() => {
    let disposed = false;
    let attempt = 0;
    let hasConnected = false;
    /** What came inline with the page, taken when the socket first opens. */
    let boot: BootSync | undefined;
    let holdUntil = 0;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let pingTimer: ReturnType<typeof setInterval> | undefined;
    const invalidator = createInvalidator(queryClient);
    const refreshExactly = (keys: readonly QueryKey[]) =>
      invalidator.afterSaving(() => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey, exact: true }))));

    const connect = () => {
      if (disposed) return;
      // Until it has first connected, the tab asks what changed since its inline data was read.
      const since = hasConnected ? undefined : bootReadAt();
      const ws = new WebSocket(liveUrl(window.location, since));
      conn.socket = ws;
      ws.onopen = () => {
        attempt = 0;
        setStatus("open");
        if (conn.viewing !== null) conn.send({ kind: "viewing", viewing: conn.viewing }, ws);
        clearInterval(pingTimer);
        pingTimer = setInterval(() => conn.send({ kind: "ping" }, ws), PING_MS);
        // Anything could have changed while the tab was not listening (away, or not yet connected, as
        // after signing in): refetch what is on screen. When the page's inline data was read before
        // this socket, the hub's `missed` says what changed since, and what came inline short of its
        // query is topped up now.
        if (since === undefined) invalidator.afterSaving(() => queryClient.invalidateQueries());
        else {
          boot = takeBootSync();
          refreshExactly(boot.partialKeys);
        }
        hasConnected = true;
      };
      ws.onmessage = (e) => {
        if (typeof e.data !== "string") return;
        let message;
        try {
          message = asServerMessage(JSON.parse(e.data));
        } catch {
          return;
        }
        if (message) handle(message);
      };
      const handle = (message: ServerMessage) => {
        if (message.kind === "change") {
          setEvents((n) => n + 1);
          invalidator.change(message.event.entity);
          onChangeRef.current?.(message.event);
        } else if (message.kind === "missed") {
          // At once, as the socket opens, not gathered with later events: the page then settles before anything else happens.
          // "all": the hub cannot tell what changed (or everything did), and what the tab has is what came inline.
          if (message.entities.includes("all")) refreshExactly(boot?.keys ?? []);
          else invalidator.afterSaving(() => invalidateEntity(queryClient, message.entities));
        } else if (message.kind === "presence") {
          setPresent(message.present);
        }
      };
      ws.onclose = () => {
        clearInterval(pingTimer);
        if (conn.socket === ws) conn.socket = null;
        if (disposed) return;
        setStatus("reconnecting");
        setPresent([]);
        const delay = Math.max(backoffDelay(attempt++), holdUntil - Date.now());
        retryTimer = setTimeout(connect, delay);
      };
    };

    if (window.__LIVE_TEST__) {
      window.__liveTest = {
        drop: (holdMs) => {
          holdUntil = Date.now() + holdMs;
          conn.socket?.close();
        },
      };
    }

    connect();
    return () => {
      disposed = true;
      clearTimeout(retryTimer);
      clearInterval(pingTimer);
      invalidator.dispose();
      conn.socket?.close(1000, "bye");
      conn.socket = null;
      delete window.__liveTest;
    };
  }, [queryClient, userId, conn]);

  const view = useCallback((viewing: string) => conn.view(viewing), [conn]);

  const value = useMemo<LiveContextValue>(() => ({ userId, status, present, events, view }), [userId, status, present, events, view]);

  return createElement(LiveContext.Provider, { value }, children);
}

export function useLive(): LiveContextValue {
  const value = useContext(LiveContext);
  if (!value) throw new Error("useLive is only for screens inside the CRM's LiveProvider");
  return value;
}

/** Tells the others what this tab is looking at ("pipeline", "lead:{id}") while mounted. */
export function useViewing(viewing: string | null): void {
  const { view } = useLive();
  useEffect(() => (viewing === null ? undefined : view(viewing)), [viewing, view]);
}

/** Everyone else connected (not the current user), one entry per person, joined across their tabs. */
export function useOthersPresent(viewing?: string): PresenceEntry[] {
  const { present, userId } = useLive();
  return useMemo(() => {
    const byUser = new Map<string, PresenceEntry>();
    for (const p of present) {
      if (p.user_id === userId) continue;
      if (viewing !== undefined && p.viewing !== viewing) continue;
      const seen = byUser.get(p.user_id);
      // Prefer an entry that says what they are looking at.
      if (!seen || (!seen.viewing && p.viewing)) byUser.set(p.user_id, p);
    }
    return [...byUser.values()].sort((a, b) => a.full_name.localeCompare(b.full_name));
  }, [present, userId, viewing]);
}
