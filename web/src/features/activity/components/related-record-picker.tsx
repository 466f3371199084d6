/**
 * Log Activity's 'Related Record': type part of a name and pick from the matches the worker finds
 * (GET /api/crm/activities/related, at most 20), so no table is ever loaded whole into the page.
 * A combobox (input + listbox) driven by keyboard or pointer; the form holds the chosen id. Mount
 * it with `key={type}`, so a new kind of record starts a new search.
 */
import { useId, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useController, type Control } from "react-hook-form";
import type { ActivityInput, RelatedRecord } from "@contract/activity";
import type { RelatedType } from "@contract/task";
import { Field, Input } from "@/components/ui/field";
import { cn } from "@/lib/cn";
import { useDebounced } from "@/lib/use-debounced";
import { relatedRecordsQueryOptions } from "@/features/activity/api/activities";

export function RelatedRecordPicker<TTransformed>({
  control,
  type,
}: {
  control: Control<ActivityInput, unknown, TTransformed>;
  type: RelatedType | null | undefined;
}) {
  const { field, fieldState } = useController({ control, name: "related_id" });
  const [text, setText] = useState("");
  const term = useDebounced(text.trim(), 200);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listId = useId();

  const matches = useQuery({ ...relatedRecordsQueryOptions(type ?? "lead", term), enabled: !!type && open });
  const records = matches.data?.records ?? [];

  const choose = (r: RelatedRecord) => {
    field.onChange(r.id);
    setText(r.name);
    setOpen(false);
  };

  return (
    <Field
      label="Related Record"
      error={fieldState.error?.message}
      hint={type ? `Type part of the ${type}'s name.` : "Choose a related type first."}
    >
      {(p) => (
        <div className="relative">
          <Input
            {...p}
            ref={field.ref}
            role="combobox"
            aria-expanded={open && !!type}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={open && records[active] ? `${listId}-${active}` : undefined}
            autoComplete="off"
            disabled={!type}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setOpen(true);
              setActive(0);
              // Typing again means the earlier choice no longer holds.
              if (field.value) field.onChange(null);
            }}
            onFocus={() => setOpen(true)}
            onBlur={() => {
              setOpen(false);
              field.onBlur();
            }}
            onKeyDown={(e) => {
              if (e.key === "ArrowDown") {
                e.preventDefault();
                setOpen(true);
                setActive((i) => Math.min(i + 1, records.length - 1));
              } else if (e.key === "ArrowUp") {
                e.preventDefault();
                setActive((i) => Math.max(i - 1, 0));
              } else if (e.key === "Enter" && open && records[active]) {
                e.preventDefault();
                choose(records[active]);
              } else if (e.key === "Escape" && open) {
                e.preventDefault();
                e.stopPropagation();
                setOpen(false);
              }
            }}
          />
          {open && type && (
            <ul
              id={listId}
              role="listbox"
              aria-label={`Matching ${type}s`}
              className="absolute z-10 mt-1 max-h-60 w-full overflow-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
            >
              {records.map((r, i) => (
                <li
                  key={r.id}
                  id={`${listId}-${i}`}
                  role="option"
                  aria-selected={r.id === field.value}
                  // mousedown, not click: the input's blur would close the list first.
                  onMouseDown={(e) => {
                    e.preventDefault();
                    choose(r);
                  }}
                  className={cn("cursor-pointer px-3 py-2 text-sm", i === active ? "bg-slate-100" : "hover:bg-slate-50")}
                >
                  <span className="text-slate-900">{r.name}</span>
                  {r.detail && <span className="ml-2 text-xs text-slate-500">{r.detail}</span>}
                </li>
              ))}
              {matches.isSuccess && records.length === 0 && (
                <li className="px-3 py-2 text-sm text-slate-500" role="presentation">
                  No {type}s match
                </li>
              )}
              {matches.isPending && (
                <li className="px-3 py-2 text-sm text-slate-500" role="presentation">
                  Searching...
                </li>
              )}
            </ul>
          )}
        </div>
      )}
    </Field>
  );
}
