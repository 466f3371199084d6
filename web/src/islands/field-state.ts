/**
 * Carries what a visitor has done to an island's fields across its hydration: what they typed or
 * pasted, what a password manager filled in, what they ticked or chose, where the focus and the
 * caret are. All of it can happen before the island's script arrives, and on a form island
 * (hydrated on first use) also while it downloads.
 *
 * Preact hydrates over the server's HTML without reading the fields back. A controlled field's
 * state starts as the server rendered it (an empty access code), a controlled textarea is even
 * written over, and the next render writes that state into the field. So the island would submit
 * an empty code, or show the visitor's words vanishing.
 *
 * The cure is the one a browser's own autofill uses: once hydrated, each field that differs
 * from the server's HTML is given its value again and announced with `input` and `change`, so
 * every kind of component (controlled state, react-hook-form, FormData on submit) learns it
 * through its ordinary handlers. Focus and caret are put back if hydration moved them.
 */

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Set by script, or not values at all: nothing a visitor enters. */
const NOT_ENTERED = new Set(["hidden", "submit", "reset", "button", "image"]);

interface Kept {
  control: Control;
  value: string;
  checked: boolean;
  /** Each option's selection, for a select. */
  selected: boolean[];
  /** Where the caret or selection was (text fields only). */
  selection: [number, number, "forward" | "backward" | "none"] | null;
  /** Differs from what the server's HTML says, so the component cannot know it. */
  edited: boolean;
}

const controlsIn = (root: HTMLElement) =>
  [...root.querySelectorAll<Control>("input, textarea, select")].filter((c) => !NOT_ENTERED.has(c.type));

/** The option the server's HTML selects: the last marked `selected`, else the first usable one, as a browser picks. */
function serverIndex(select: HTMLSelectElement): number {
  const options = [...select.options];
  for (let i = options.length - 1; i >= 0; i--) if (options[i].defaultSelected) return i;
  return options.findIndex((o) => !o.disabled);
}

function selectionOf(control: Control): Kept["selection"] {
  if (control instanceof HTMLSelectElement) return null;
  // Null for the types without a text selection (email, number, checkbox, ...).
  const { selectionStart, selectionEnd, selectionDirection } = control;
  return selectionStart == null || selectionEnd == null ? null : [selectionStart, selectionEnd, selectionDirection ?? "none"];
}

function snapshot(control: Control): Kept {
  const kept = { control, value: control.value, checked: false, selected: [] as boolean[], selection: selectionOf(control) };
  if (control instanceof HTMLSelectElement) {
    const options = [...control.options];
    const edited = control.multiple
      ? options.some((o) => o.selected !== o.defaultSelected)
      : control.selectedIndex !== serverIndex(control);
    return { ...kept, selected: options.map((o) => o.selected), edited };
  }
  if (control instanceof HTMLInputElement && (control.type === "checkbox" || control.type === "radio")) {
    return { ...kept, checked: control.checked, edited: control.checked !== control.defaultChecked };
  }
  if (control instanceof HTMLInputElement && control.type === "file") {
    return { ...kept, edited: !!control.files?.length };
  }
  return { ...kept, edited: control.value !== control.defaultValue };
}

/** Writes back only what hydration changed: an unchanged value keeps its caret where it is. */
function put(control: Control, kept: Kept) {
  if (control instanceof HTMLSelectElement) {
    [...control.options].forEach((o, i) => {
      if (o.selected !== kept.selected[i]) o.selected = !!kept.selected[i];
    });
  } else if (control.type === "checkbox" || control.type === "radio") {
    if ((control as HTMLInputElement).checked !== kept.checked) (control as HTMLInputElement).checked = kept.checked;
  } else if (control.type !== "file" && control.value !== kept.value) {
    control.value = kept.value;
  }
}

function putSelection(control: Control, selection: Kept["selection"]) {
  if (!selection || control instanceof HTMLSelectElement) return;
  const [start, end, direction] = selection;
  if (control.selectionStart === start && control.selectionEnd === end && control.selectionDirection === direction) return;
  try {
    control.setSelectionRange(start, end, direction);
  } catch {
    // The field's type no longer has a selection (a password shown as text has one, so this is rare).
  }
}

/**
 * Records the island's fields, focus and carets now, just before hydrating `root`; the function
 * it returns, called right after, gives back whatever hydration lost and tells the island.
 * Preact hydrates synchronously, so nothing a visitor does can fall between the two.
 */
export function keepFieldState(root: HTMLElement): () => void {
  const kept = controlsIn(root).map(snapshot);
  const active = document.activeElement;
  // The focus may be on a field, or on a button whose press is starting the hydration.
  const focusedIn = active instanceof HTMLElement && root.contains(active) ? active : null;
  const focusedAt = kept.findIndex((k) => k.control === active);

  return () => {
    const now = controlsIn(root);
    // A field hydration had to replace (markup that did not match) is the one now in its place.
    const current = (k: Kept, i: number): Control | undefined => {
      if (k.control.isConnected) return k.control;
      const c = now[i];
      return c && c.type === k.control.type && c.name === k.control.name ? c : undefined;
    };
    kept.forEach((k, i) => {
      const control = current(k, i);
      if (!control) return;
      if (k.edited) {
        put(control, k);
        // An unticked radio is announced by the one ticked in its place: announcing it would tell
        // a controlled group that it was chosen.
        if (!(control.type === "radio" && !k.checked)) {
          control.dispatchEvent(new Event("input", { bubbles: true }));
          control.dispatchEvent(new Event("change", { bubbles: true }));
        }
      }
      if (i !== focusedAt) putSelection(control, k.selection);
    });
    const focused = focusedAt >= 0 ? current(kept[focusedAt], focusedAt) : focusedIn?.isConnected ? focusedIn : undefined;
    if (!focused) return;
    if (document.activeElement !== focused) focused.focus({ preventScroll: true });
    if (focusedAt >= 0) putSelection(focused as Control, kept[focusedAt].selection);
  };
}
