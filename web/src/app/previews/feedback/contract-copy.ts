/**
 * The contract's preview-feedback module, loaded on demand. It holds the messages the page shows
 * (toasts, the approval checkbox's label) next to the zod schemas the forms validate with, so a
 * static import would pull zod into the chunk every unlocked preview loads. The forms' lazy
 * resolvers load this same module, so by the time a message is needed it is usually here.
 */
export type FeedbackContract = typeof import("@contract/preview-feedback");

let loading: Promise<FeedbackContract> | undefined;
export function loadFeedbackContract(): Promise<FeedbackContract> {
  return (loading ??= import("@contract/preview-feedback").catch((error: unknown) => {
    loading = undefined; // a failed download is tried again next time
    throw error;
  }));
}
