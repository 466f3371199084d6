/**
 * /book's picker island: once the page has a script, the server's list of free times (written in
 * the zone the server guessed) gives way to a calendar of the days with free times, in the zone
 * the visitor's own device is set to, with London's time beside each. The times are the same
 * radio buttons named `start` inside the same form, so Book the call still posts natively; what
 * the visitor chose in the server's list before the picker arrived stays chosen. A zone picked
 * with Change time zone wins over the device's. Until the picker has its times (or if they
 * cannot be read), the server's list is the page's, and it works as it is.
 */
import { useEffect, useRef, useState } from "react";
import { dayLabel, slotLabel, wallClock, type BookingDay } from "@contract/booking-slots";
import { cn } from "@/lib/cn";

interface Picked {
  zone: string;
  /** The visitor's own days (a start's date in their zone), each with its starts in order. */
  days: Map<string, string[]>;
}

const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
const DAY = 86_400_000;
const dayOf = (date: string) => new Date(`${date}T12:00:00Z`);
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const monthOf = (date: string) => new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", month: "long", year: "numeric" }).format(dayOf(date));

/** Whole weeks, Monday first, from the week of the first day with times to the week of the last. */
function weeksOf(days: Map<string, string[]>): string[][] {
  const dates = [...days.keys()];
  const first = dayOf(dates[0]);
  const start = new Date(first.getTime() - ((first.getUTCDay() + 6) % 7) * DAY);
  const last = dayOf(dates[dates.length - 1]).getTime();
  const weeks: string[][] = [];
  for (let monday = start.getTime(); monday <= last; monday += 7 * DAY)
    weeks.push(Array.from({ length: 7 }, (_, i) => isoDay(new Date(monday + i * DAY))));
  return weeks;
}

function group(free: BookingDay[], zone: string): Map<string, string[]> {
  const days = new Map<string, string[]>();
  for (const start of free.flatMap((d) => d.starts)) {
    const date = wallClock(start, zone).date;
    days.set(date, [...(days.get(date) ?? []), start]);
  }
  return days;
}

export function BookPicker() {
  const root = useRef<HTMLDivElement>(null);
  const [picked, setPicked] = useState<Picked | null>(null);
  const [day, setDay] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);

  useEffect(() => {
    const form = root.current?.closest("form");
    const list = form?.querySelector<HTMLElement>("[data-book-times]");
    if (!form || !list) return;
    const asked = new URL(window.location.href).searchParams.get("zone");
    const device = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const wanted = asked || device || "Europe/London";
    const zoneField = form.querySelector<HTMLInputElement>("[data-book-zone]");
    let gone = false;
    // The server's list already in that zone (as Cloudflare's guess usually is) holds the same times: no second request.
    const times: Promise<{ days: BookingDay[]; zone: string }> =
      zoneField?.value === wanted
        ? Promise.resolve({
            days: [{ date: "", starts: [...list.querySelectorAll<HTMLInputElement>('input[name="start"]')].map((i) => i.value) }],
            zone: wanted,
          })
        : fetch(`/api/book/times?zone=${encodeURIComponent(wanted)}`, { headers: { Accept: "application/json" } }).then((res) =>
            res.ok ? (res.json() as Promise<{ days: BookingDay[]; zone: string }>) : Promise.reject(new Error(String(res.status))),
          );
    times
      .then(({ days: free, zone }) => {
        if (gone || free.every((d) => d.starts.length === 0)) return;
        const days = group(free, zone);
        const all = [...days.values()].flat();
        // The server's list hands over: what was chosen in it stays chosen, and its radios stop counting.
        const kept = list.querySelector<HTMLInputElement>('input[name="start"]:checked')?.value;
        const start = kept && all.includes(kept) ? kept : null;
        for (const input of list.querySelectorAll<HTMLInputElement>("input")) input.disabled = true;
        list.hidden = true;
        if (zoneField) zoneField.value = zone;
        const note = document.querySelector("[data-book-zone-note]");
        if (note && !asked)
          note.textContent =
            zone === "Europe/London"
              ? "Times are in London, where we are."
              : `Times are in your device's time zone (${zone}), with ours in Manchester beside them.`;
        const select = document.querySelector<HTMLSelectElement>("[data-book-zones]");
        if (select && [...select.options].some((o) => o.value === zone)) select.value = zone;
        setPicked({ zone, days });
        setChosen(start);
        setDay(start ? wallClock(start, zone).date : [...days.keys()][0]);
      })
      .catch(() => {
        // The server's list stays: it books as well as the picker does.
      });
    return () => {
      gone = true;
    };
  }, []);

  if (!picked || !day) return <div ref={root} hidden />;
  const starts = picked.days.get(day) ?? [];
  const weeks = weeksOf(picked.days);
  const months = [
    ...new Set(
      weeks
        .flat()
        .filter((d) => picked.days.has(d))
        .map(monthOf),
    ),
  ].join(" – ");
  return (
    <div ref={root} className="space-y-6" data-book-picker="">
      <div>
        <p className="font-semibold" aria-hidden="true">
          {months}
        </p>
        <table className="mt-3 w-full table-fixed border-separate border-spacing-1 text-center text-sm" aria-label="Days with free times">
          <thead>
            <tr>
              {WEEKDAYS.map((w) => (
                <th key={w} scope="col" className="font-medium text-slate-600">
                  {w}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week[0]}>
                {week.map((date) => {
                  const count = picked.days.get(date)?.length ?? 0;
                  const number = Number(date.slice(8));
                  return (
                    <td key={date}>
                      {count > 0 ? (
                        <button
                          type="button"
                          onClick={() => setDay(date)}
                          aria-pressed={date === day}
                          aria-label={`${dayLabel(date)}: ${count} free ${count === 1 ? "time" : "times"}`}
                          className={cn(
                            "w-full rounded-lg border px-1 py-2 font-semibold focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brick-600",
                            date === day
                              ? "border-brick-600 bg-brick-600 text-white"
                              : "border-slate-300 bg-white text-slate-900 hover:border-brick-600",
                          )}
                        >
                          {number}
                        </button>
                      ) : (
                        <span className="block py-2 text-slate-500">{number}</span>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <fieldset className="space-y-2">
        <legend className="font-semibold">{dayLabel(day)}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {starts.map((s) => (
            <label key={s} className="flex items-center gap-2 rounded-lg border border-slate-200 px-3 py-2">
              <input
                type="radio"
                name="start"
                value={s}
                checked={s === chosen}
                onChange={() => setChosen(s)}
                className="accent-brick-600"
              />{" "}
              {slotLabel(s, picked.zone)}
            </label>
          ))}
        </div>
      </fieldset>
      {/* A time chosen on another day is still the one booked. */}
      {chosen && !starts.includes(chosen) && <input type="hidden" name="start" value={chosen} />}
      {chosen && !starts.includes(chosen) && (
        <p className="text-sm text-slate-600">
          Chosen: {dayLabel(wallClock(chosen, picked.zone).date)}, {slotLabel(chosen, picked.zone)}
        </p>
      )}
    </div>
  );
}
