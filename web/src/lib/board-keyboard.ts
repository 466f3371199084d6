/**
 * Keyboard moves on a board of columns (@dnd-kit): Left and Right jump to the neighbouring column,
 * Up and Down to the neighbouring card in the same column. @dnd-kit's default moves the card 25 px
 * per press, which took five presses to reach the next column and showed nothing on the way.
 */
import type { KeyboardCoordinateGetter, UniqueIdentifier } from "@dnd-kit/core";

type Entry = { id: UniqueIdentifier; data: { current?: Record<string, unknown> } };

/**
 * `columns` are the column droppables' ids, left to right; `columnOf` names the column a droppable
 * (a column or a card) or the dragged card belongs to.
 */
export function columnKeyboardCoordinates(
  columns: readonly UniqueIdentifier[],
  columnOf: (entry: Entry) => UniqueIdentifier | undefined,
): KeyboardCoordinateGetter {
  return (event, { context: { active, over, collisionRect, droppableRects, droppableContainers } }) => {
    const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -1, ArrowDown: 1 }[event.code];
    if (step === undefined) return undefined;
    // The page must not scroll under a card being moved.
    event.preventDefault();
    if (!active || !collisionRect) return undefined;
    const current = (over && columnOf(over as Entry)) ?? columnOf(active as Entry);
    if (current === undefined) return undefined;

    if (event.code === "ArrowLeft" || event.code === "ArrowRight") {
      const target = columns[columns.indexOf(current) + step];
      const rect = target === undefined ? undefined : droppableRects.get(target);
      if (!rect) return undefined;
      // Just below the column's header, centred: over the column, and over no card of another one.
      return { x: rect.left + Math.max(0, (rect.width - collisionRect.width) / 2), y: rect.top + Math.min(56, rect.height / 4) };
    }

    const cards = droppableContainers
      .getEnabled()
      .filter((c) => !columns.includes(c.id) && columnOf(c as Entry) === current)
      .map((c) => droppableRects.get(c.id))
      .filter((r) => r !== undefined)
      .sort((a, b) => a.top - b.top);
    const next = step > 0 ? cards.find((r) => r.top > collisionRect.top + 1) : cards.findLast((r) => r.top < collisionRect.top - 1);
    return next ? { x: next.left, y: next.top } : undefined;
  };
}
