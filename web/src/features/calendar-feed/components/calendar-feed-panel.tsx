/**
 * Settings → Your account → Calendar feed: a secret URL that Google, Apple or Outlook Calendar
 * subscribe to. The URL is shown once, right after it is made or rotated (the server keeps only its
 * hash); afterwards the panel says the feed is on and offers Rotate and Turn off.
 */
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
// Only icons the CRM already uses: every lucide icon of a CRM page lands in its first-load chunk.
import { Copy, Plus, RotateCcw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Field, Input } from "@/components/ui/field";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDateTime } from "@/lib/format";
import { copyText } from "@/lib/copy-text";
import { toast } from "@/lib/toast";
import { calendarFeedQueryOptions, useIssueCalendarFeed, useTurnOffCalendarFeed } from "@/features/calendar-feed/api/calendar-feed";

const HOW_TO =
  "Subscribe to it by URL: in Google Calendar, Other calendars → From URL; in Apple Calendar, File → New Calendar Subscription; in Outlook, Add calendar → Subscribe from web.";

/** The same feed under the scheme calendar apps open as a subscription (Apple Calendar, Outlook, phones). */
const webcalOf = (url: string) => url.replace(/^https?:\/\//, "webcal://");
/**
 * Google's subscribe link: it is not documented, and is known to work with the feed given as a
 * webcal:// URL (an https:// one has been refused); From URL stays the way when it does not.
 */
const googleCalendarOf = (url: string) => `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcalOf(url))}`;

const linkClass = "font-semibold text-brick-700 underline underline-offset-2 hover:text-brick-800";

function FeedUrl({ url }: { url: string }) {
  const copy = () => copyText(url, { copied: "Link copied", what: "link" });
  return (
    <div className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4" role="status">
      <Field
        label="Calendar feed URL"
        hint="Copy it now: it is shown only this once. Anyone with it can read your feed, so keep it private."
      >
        {(p) => (
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input {...p} readOnly value={url} className="min-w-0 font-mono" onFocus={(e) => e.currentTarget.select()} />
            <Button variant="secondary" className="shrink-0" onClick={() => void copy()}>
              <Copy className="size-4" aria-hidden="true" />
              Copy
            </Button>
          </div>
        )}
      </Field>
      <ul className="space-y-2 text-sm text-slate-700">
        <li>
          <a href={webcalOf(url)} className={linkClass}>
            Subscribe in your calendar app
          </a>{" "}
          (a <code className="font-mono text-xs">webcal://</code> link: it opens Apple Calendar, Outlook or your phone&apos;s calendar).
        </li>
        <li>
          <a href={googleCalendarOf(url)} target="_blank" rel="noopener noreferrer" className={linkClass}>
            Add to Google Calendar
          </a>{" "}
          (opens in a new tab; if Google cannot add it, use Other calendars → From URL and paste the URL).
        </li>
        <li>
          <strong className="font-semibold">On an iPhone:</strong> tap Subscribe in your calendar app, or go to Settings → Calendar →
          Accounts → Add Account → Other → Add Subscribed Calendar and paste the URL.
        </li>
      </ul>
    </div>
  );
}

export function CalendarFeedPanel() {
  const status = useQuery(calendarFeedQueryOptions());
  const issue = useIssueCalendarFeed();
  const turnOff = useTurnOffCalendarFeed();
  // The URL exists only in this tab's memory, from the make or rotate that returned it.
  const [url, setUrl] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<"rotate" | "off" | null>(null);

  const create = () =>
    issue.mutate(false, {
      onSuccess: (res) => {
        setUrl(res.url);
        toast.success("Calendar feed created", { description: "Copy its URL into your calendar app." });
      },
    });
  const rotate = () =>
    issue.mutateAsync(true).then((res) => {
      setUrl(res.url);
      toast.success("Calendar feed rotated", { description: "The old URL has stopped working. Copy the new one into your calendar app." });
    });
  const off = () =>
    turnOff.mutateAsync().then(() => {
      setUrl(null);
      toast.success("Calendar feed turned off");
    });

  const feed = status.data;
  return (
    <div className="mt-6 border-t border-slate-100 pt-4" aria-labelledby="calendar-feed" role="group">
      <h3 id="calendar-feed" className="text-base font-semibold">
        Calendar feed
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        Your open tasks, the follow-ups of your leads and the studio&apos;s project deadlines, in your own calendar app.
      </p>
      {status.isPending ? (
        <Skeleton className="mt-3 h-11 w-full" />
      ) : status.isError ? (
        <p role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          Could not load your calendar feed.{" "}
          <Button variant="secondary" size="sm" onClick={() => void status.refetch()}>
            Try again
          </Button>
        </p>
      ) : !feed?.enabled ? (
        <>
          <p className="mt-3 text-sm text-slate-600">{HOW_TO}</p>
          <Button className="mt-3" onClick={create} disabled={issue.isPending} aria-busy={issue.isPending}>
            <Plus className="size-4" aria-hidden="true" />
            {issue.isPending ? "Creating..." : "Create calendar feed"}
          </Button>
        </>
      ) : (
        <div className="mt-3 space-y-3">
          {url ? (
            <>
              <FeedUrl url={url} />
              <p className="text-sm text-slate-600">{HOW_TO}</p>
            </>
          ) : (
            <p className="text-sm text-slate-700">
              <strong className="font-semibold">Your calendar feed is on</strong>
              {feed.issued_at ? ` (its URL was made ${formatDateTime(feed.issued_at)}).` : "."} The URL is shown only when it is made: if
              you have lost it, rotate the feed for a new one.
            </p>
          )}
          <p className="text-xs text-slate-500">Rotating gives a new URL and stops the old one; turning the feed off stops it for good.</p>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => setConfirming("rotate")} disabled={issue.isPending || turnOff.isPending}>
              <RotateCcw className="size-4" aria-hidden="true" />
              Rotate
            </Button>
            {/* Not the panel's main action: outlined, its words in red, as a way out rather than the way on. */}
            <Button
              variant="secondary"
              className="text-red-700 hover:text-red-800"
              onClick={() => setConfirming("off")}
              disabled={issue.isPending || turnOff.isPending}
            >
              Turn off
            </Button>
          </div>
        </div>
      )}
      <ConfirmDialog
        open={confirming === "rotate"}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Rotate your calendar feed?"
        description="You get a new URL and the current one stops working: calendars subscribed to it stop updating until you subscribe them to the new one."
        confirmLabel="Rotate"
        onConfirm={rotate}
      />
      <ConfirmDialog
        open={confirming === "off"}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Turn off your calendar feed?"
        description="Its URL stops working and calendars subscribed to it stop updating. You can create a new feed later."
        confirmLabel="Turn off"
        onConfirm={off}
      />
    </div>
  );
}
