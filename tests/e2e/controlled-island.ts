/**
 * A small island, built for the browser by public-hydration-keeps-input.spec.ts, whose every field
 * is held in state: a tick box, a radio group, a textarea and a select, the kinds of field the
 * registry's islands do not have yet. It hydrates `#island` exactly as web/src/islands/entry.tsx
 * does, and writes its state into its <output>, so the test sees what the component believes.
 * CONTROLLED_ISLAND_HTML is what a server renders for it before anyone touches it.
 */
import { createElement as h, hydrate, useState } from "preact/compat";
import { keepFieldState } from "../../web/src/islands/field-state";

export const CONTROLLED_ISLAND_HTML =
  '<form aria-label="Order">' +
  '<label><input type="checkbox" name="agree">Agree</label>' +
  '<label><input type="radio" name="size" value="s">Small</label>' +
  '<label><input type="radio" name="size" value="l" checked>Large</label>' +
  '<label>Notes<textarea name="notes"></textarea></label>' +
  '<label>Colour<select name="colour"><option value="" selected>Choose</option><option value="red">Red</option></select></label>' +
  '<output>{"agree":false,"size":"l","notes":"","colour":""}</output>' +
  "</form>";

function Order() {
  const [agree, setAgree] = useState(false);
  const [size, setSize] = useState("l");
  const [notes, setNotes] = useState("");
  const [colour, setColour] = useState("");
  return h(
    "form",
    { "aria-label": "Order" },
    h(
      "label",
      null,
      h("input", { type: "checkbox", name: "agree", checked: agree, onChange: (e) => setAgree(e.currentTarget.checked) }),
      "Agree",
    ),
    h("label", null, h("input", { type: "radio", name: "size", value: "s", checked: size === "s", onChange: () => setSize("s") }), "Small"),
    h("label", null, h("input", { type: "radio", name: "size", value: "l", checked: size === "l", onChange: () => setSize("l") }), "Large"),
    h(
      "label",
      null,
      "Notes",
      h("textarea", { name: "notes", value: notes, onChange: (e: Event) => setNotes((e.currentTarget as HTMLTextAreaElement).value) }),
    ),
    h(
      "label",
      null,
      "Colour",
      h(
        "select",
        { name: "colour", value: colour, onChange: (e: Event) => setColour((e.currentTarget as HTMLSelectElement).value) },
        h("option", { value: "" }, "Choose"),
        h("option", { value: "red" }, "Red"),
      ),
    ),
    h("output", null, JSON.stringify({ agree, size, notes, colour })),
  );
}

/** Runs in the page: hydrate as the islands' entry does. */
export function hydrateControlledIsland() {
  const root = document.getElementById("island")!;
  const restore = keepFieldState(root);
  hydrate(h(Order, null), root);
  restore();
  root.dataset.hydrated = "";
}
