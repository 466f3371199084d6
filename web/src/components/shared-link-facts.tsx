/**
 * What a proposal's or an invoice's card says about its shared link, apart from the Share dialog
 * (share-link-dialog.tsx): the lists show these on their first render, and the dialog's code
 * (Radix's) loads only when it opens.
 */
import type { SharedLink } from "@contract/shared-link";
import type { RecordFact } from "@/components/ui/record-cards";
import { formatDate, formatDateTime } from "@/lib/format";

/**
 * How often the client opened the link, one visit per address per half hour
 * (docs/guide/proposals-and-invoices.md), after the word "Opened": "3 times · first 25 Nov 2026, 14:30 · last
 * 26 Nov 2026, 09:12", "once · 25 Nov 2026, 14:30", or null when not yet. Each part wraps whole.
 */
export function openedParts(share: SharedLink): string[] | null {
  if (share.views === 0 || !share.first_viewed_at || !share.last_viewed_at) return null;
  if (share.views === 1) return ["once", formatDateTime(share.first_viewed_at)];
  return [`${share.views} times`, `first ${formatDateTime(share.first_viewed_at)}`, `last ${formatDateTime(share.last_viewed_at)}`];
}

/** The sentence the Share dialog says it in: "Opened 3 times · first … · last …", or "Not opened yet". */
export const openedText = (share: SharedLink) => {
  const parts = openedParts(share);
  return parts ? `Opened ${parts.join(" · ")}` : "Not opened yet";
};

/** The card's value under "Opened": "3 times · first … · last …", "Once · …" or "Not yet". */
function opened(share: SharedLink) {
  const parts = openedParts(share);
  if (!parts) return "Not yet";
  const [first, ...rest] = parts;
  return (
    <>
      {first === "once" ? "Once" : first}
      {rest.map((part) => (
        <span key={part}>
          {" · "}
          <span className="whitespace-nowrap">{part}</span>
        </span>
      ))}
    </>
  );
}

/** A card's facts about its live link: when it was shared, whom it was e-mailed to and when it was opened (none when it has no link). */
export const sharedLinkFacts = (share: SharedLink | null): RecordFact[] =>
  share
    ? [
        { label: "Shared on", value: formatDate(share.shared_at) },
        ...(share.emailed_to && share.emailed_at
          ? [
              {
                label: "E-mailed to",
                value: <span className="wrap-anywhere">{`${share.emailed_to}, ${formatDate(share.emailed_at)}`}</span>,
              },
            ]
          : []),
        { label: "Opened", value: opened(share), wide: share.views > 0 },
      ]
    : [];
