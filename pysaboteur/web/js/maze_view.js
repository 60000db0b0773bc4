// The maze's box on a page: the SVG of maze_svg.js inside a scrollable area, with
// zoom buttons, fitted to the box until someone zooms, and the same cells kept in
// view when the maze grows up or left.

import { fill, h } from "./dom.js";
import { GAP, PITCH_X, PITCH_Y, renderMaze, setZoom } from "./maze_svg.js";
import { t } from "./i18n.js";

const MIN_ZOOM = 0.35;
const MAX_ZOOM = 2;

export class MazeView {
  constructor() {
    this.scroller = h("div", { class: "maze-scroll", "data-testid": "maze" });
    this.zoom = null; // null: fit the box
    this.shownZoom = 1;
    this.bounds = null;
    this.drawing = null; // the last arguments of show(), to redraw at another zoom
  }

  /** The zoom buttons: out, in, and back to fitting the box. */
  toolbar() {
    const button = (text, label, testid, onclick, cls = "button icon-button") =>
      h("button", { type: "button", class: cls, "aria-label": label, "data-testid": testid, onclick }, text);
    return h(
      "div",
      { class: "zoom", role: "group", "aria-label": t("table.zoom") },
      button("−", t("table.zoom_out"), "zoom-out", () => this.zoomBy(1 / 1.25)),
      button("+", t("table.zoom_in"), "zoom-in", () => this.zoomBy(1.25)),
      button(t("table.zoom_fit"), t("table.zoom_fit_label"), "zoom-fit", () => this.fit(), "button"),
    );
  }

  zoomBy(factor) {
    this.zoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, (this.zoom || this.shownZoom) * factor));
    this.redraw();
  }

  fit() {
    this.zoom = null;
    this.redraw();
  }

  redraw() {
    if (this.drawing) this.show(this.drawing);
  }

  /** Draw the maze (arguments of renderMaze) in the box. */
  show(drawing) {
    this.drawing = drawing;
    const scroller = this.scroller;
    const { svg, bounds } = renderMaze(drawing);
    const content = contentBounds(drawing);
    const zoom = this.zoom || this.fitting(content);
    setZoom(svg, zoom);
    const old = this.bounds;
    const ratio = zoom / this.shownZoom;
    const keep = { left: scroller.scrollLeft, top: scroller.scrollTop };
    fill(scroller, svg);
    if (!old || !this.zoom) {
      // Fitting (and at first): the cards in the middle of the box, the start and every goal in sight.
      const middleX = ((content.minX + content.maxX + 1) / 2 - bounds.minX) * PITCH_X + GAP / 2;
      const middleY = ((content.minY + content.maxY + 1) / 2 - bounds.minY) * PITCH_Y + GAP / 2;
      scroller.scrollLeft = middleX * zoom - scroller.clientWidth / 2;
      scroller.scrollTop = middleY * zoom - scroller.clientHeight / 2;
    } else {
      scroller.scrollLeft = keep.left * ratio + (old.minX - bounds.minX) * PITCH_X * zoom;
      scroller.scrollTop = keep.top * ratio + (old.minY - bounds.minY) * PITCH_Y * zoom;
    }
    this.bounds = bounds;
    this.shownZoom = zoom;
  }

  /**
   * The zoom that fits the box: every card lying in the maze, the three goals and
   * the cells a chosen card may go to, whole, in width and in height (the faint
   * empty cells around may be cut); never larger than 1.2. On a phone the cards
   * may get small: + zooms in, and Fit comes back here.
   */
  fitting(content) {
    const columns = content.maxX - content.minX + 1;
    const rows = content.maxY - content.minY + 1;
    const width = (this.scroller.clientWidth - 4) / (columns * PITCH_X + GAP);
    const height = (this.scroller.clientHeight - 4) / (rows * PITCH_Y + GAP);
    return Math.max(MIN_ZOOM, Math.min(1.2, width, height));
  }
}

/** The cells that must be in sight: the start, the goals, every card and every target. */
function contentBounds({ cards, goals, targets = [] }) {
  const all = [{ x: 0, y: 0 }, { x: 8, y: -2 }, { x: 8, y: 2 }, ...cards, ...goals, ...targets];
  const xs = all.map((cell) => cell.x);
  const ys = all.map((cell) => cell.y);
  return { minX: Math.min(...xs), maxX: Math.max(...xs), minY: Math.min(...ys), maxY: Math.max(...ys) };
}
