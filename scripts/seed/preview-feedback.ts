/** A client's review of their preview (PREVIEW_FEEDBACK): two versions, comments, a reply, each in the Activity Feed. */
import { PREVIEW_CLIENTS } from "./data/clients";
import { PREVIEW_FEEDBACK } from "./data/preview-feedback";
import { STAFF } from "./data/staff";
import type { SeedContext } from "./context";

/** A comment as the Activity Feed sums it up: the first 80 characters. */
const gist = (body: string) => (body.length > 80 ? `${body.slice(0, 79)}…` : body);

export function seedPreviewFeedback(ctx: SeedContext): void {
  const { clock, rand, rows } = ctx;
  const { previewId, author } = PREVIEW_FEEDBACK;
  const client_id = ctx.clientIds[previewId];
  const preview = PREVIEW_CLIENTS.find((p) => p.id === previewId)!;
  const release = (url: string | null, days: number) => {
    const at = clock.ago(days, rand);
    const row = { id: rand.uuid(), preview_id: previewId, client_id, preview_url: url, published_at: at, created_at: at, updated_at: at };
    rows.preview_releases.push(row);
    return row;
  };
  const releases = {
    draft: release(`${preview.previewUrl}-draft`, PREVIEW_FEEDBACK.draftDays),
    current: release(preview.previewUrl, PREVIEW_FEEDBACK.currentDays),
  };

  for (const c of PREVIEW_FEEDBACK.comments) {
    const at = clock.ago(c.daysAgo, rand);
    const id = rand.uuid();
    rows.preview_comments.push({
      id,
      client_id,
      release_id: releases[c.on].id,
      author_name: author,
      body: c.body,
      page: c.page,
      status: c.status,
      email_status: "sent",
      email_error: null,
      email_attempts: 1,
      created_at: at,
      updated_at: c.status === "Resolved" ? clock.after(at, rand) : at,
    });
    rows.activities.push({
      id: rand.uuid(),
      who_username: null,
      who_name: author,
      who_kind: "client",
      type: "Note",
      summary: `${author} left feedback on the preview of ${preview.name}: "${gist(c.body)}"`,
      related_type: "client",
      related_id: client_id,
      created_at: at,
      updated_at: at,
    });
    if (c.reply) {
      const repliedAt = clock.after(at, rand);
      rows.preview_replies.push({
        id: rand.uuid(),
        comment_id: id,
        author_id: ctx.ownerId,
        author_name: STAFF.owner.full_name,
        body: c.reply,
        created_at: repliedAt,
        updated_at: repliedAt,
      });
    }
  }
}
