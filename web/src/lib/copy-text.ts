/** Copies a secret shown once (a link, an access code) and says so; where the clipboard is refused, says how to copy by hand. */
import { toast } from "@/lib/toast";

export async function copyText(text: string, { copied, what }: { copied: string; what: string }): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(copied);
  } catch {
    toast.error("Could not copy", { description: `Select the ${what} and copy it by hand.` });
  }
}
