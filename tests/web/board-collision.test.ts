/** web/src/lib/board-collision.ts: the column a dragged card is over, whatever the columns' lengths. */
import { describe, expect, it } from "vitest";
import type { ClientRect, CollisionDetection, UniqueIdentifier } from "@dnd-kit/core";
import { boardCollision } from "../../web/src/lib/board-collision";

type Args = Parameters<CollisionDetection>[0];

const rect = (left: number, top: number, width: number, height: number): ClientRect => ({
  left,
  top,
  width,
  height,
  right: left + width,
  bottom: top + height,
});

const STAGES = ["Discovery", "Design", "Development", "Review", "Launch", "Done"];
/** The projects board at 1280 px: six columns of 190 px, 10 px apart, 300 px down the page. */
const COLUMN_WIDTH = 190;
const columnLeft = (i: number) => 20 + i * (COLUMN_WIDTH + 10);
const BOARD_TOP = 300;
const CARD = { width: 170, height: 90 };

/** The board with each column as tall as `heights` says, and the dragged card at `card`. */
function args(heights: number[], card: ClientRect): Args {
  const droppableRects = new Map<UniqueIdentifier, ClientRect>(
    STAGES.map((s, i) => [s, rect(columnLeft(i), BOARD_TOP, COLUMN_WIDTH, heights[i])]),
  );
  return {
    active: { id: "card" } as Args["active"],
    collisionRect: card,
    droppableRects,
    droppableContainers: STAGES.map((id) => ({ id }) as Args["droppableContainers"][number]),
    pointerCoordinates: null,
  };
}

const over = (a: Args) => boardCollision(a)[0]?.id;
/** A card inside column `i`, `down` px below its top, centred. */
const cardIn = (i: number, down: number) => rect(columnLeft(i) + 10, BOARD_TOP + down, CARD.width, CARD.height);

describe("boardCollision", () => {
  it("a card picked up at the top of a long column is over that column, not a short one across the board", () => {
    // Forty projects in Discovery, one in each of the others.
    const heights = [4000, 150, 150, 150, 150, 150];
    expect(over(args(heights, cardIn(0, 56)))).toBe("Discovery");
    // At the bottom of it too.
    expect(over(args(heights, cardIn(0, 3900)))).toBe("Discovery");
  });

  it("a card the keyboard moves just below a column's header is over that column, however long the others are", () => {
    const heights = [4000, 150, 3000, 150, 2000, 150];
    STAGES.forEach((stage, i) => expect(over(args(heights, cardIn(i, 56)))).toBe(stage));
  });

  it("a card across two columns is over the one more of it covers, long or short", () => {
    const heights = [150, 4000, 150, 150, 150, 150];
    // The long Design column, then the short Development column, covered a third and two thirds.
    const mostlyRight = rect(columnLeft(2) - CARD.width / 3, BOARD_TOP + 40, CARD.width, CARD.height);
    expect(over(args(heights, mostlyRight))).toBe("Development");
    const mostlyLeft = rect(columnLeft(2) - (2 * CARD.width) / 3, BOARD_TOP + 40, CARD.width, CARD.height);
    expect(over(args(heights, mostlyLeft))).toBe("Design");
  });

  it("equally covered, a card of the column comes before the column itself, as the nearer of the two", () => {
    const heights = [600, 150, 150, 150, 150, 150];
    const card = cardIn(0, 56);
    const a = args(heights, card);
    a.droppableRects.set("lead-1", card);
    a.droppableContainers.push({ id: "lead-1" } as Args["droppableContainers"][number]);
    expect(
      boardCollision(a)
        .slice(0, 2)
        .map((c) => c.id),
    ).toEqual(["lead-1", "Discovery"]);
  });

  it("a card dragged off the board is over the nearest column, so a drop still has somewhere to go", () => {
    const heights = [150, 150, 150, 150, 150, 150];
    const pastTheEnd = rect(columnLeft(5) + COLUMN_WIDTH + 40, BOARD_TOP + 20, CARD.width, CARD.height);
    expect(over(args(heights, pastTheEnd))).toBe("Done");
  });
});
