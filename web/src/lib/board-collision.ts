/**
 * Which droppable a dragged card is over, on a board of columns (@dnd-kit): the one that most of the
 * card covers, the nearest by corners first among equals; over none, the nearest by corners.
 *
 * Nearest by corners alone (closestCorners) measures to each column's far corners as well: under a
 * card at the top of a long column lie that column's bottom corners, thousands of pixels down, so a
 * short column across the board came out nearer. The keyboard then started a move "over" that far
 * column, and the next arrow went on from there. Overlap as a share of both areas
 * (rectIntersection) has the same bias: a long column's own area makes any overlap with it small.
 */
import { closestCorners, type Collision, type CollisionDetection } from "@dnd-kit/core";

export const boardCollision: CollisionDetection = (args) => {
  const nearest = closestCorners(args);
  const { collisionRect: card, droppableRects } = args;
  const covered = (c: Collision) => {
    const r = droppableRects.get(c.id);
    if (!r) return 0;
    const width = Math.min(r.right, card.right) - Math.max(r.left, card.left);
    const height = Math.min(r.bottom, card.bottom) - Math.max(r.top, card.top);
    return width > 0 && height > 0 ? width * height : 0;
  };
  const covering = nearest.map((c) => ({ c, area: covered(c) })).filter((x) => x.area > 0);
  if (covering.length === 0) return nearest;
  // A stable sort: equal areas keep closestCorners' order.
  return covering.sort((a, b) => b.area - a.area).map((x) => x.c);
};
