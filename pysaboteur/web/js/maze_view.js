// The maze's box on a page: the SVG of maze_svg.js inside a scrollable area, with
// zoom buttons, fitted to the box until someone zooms, and the same cells kept in
// view when the maze grows up or left.

import { fill, h } from "./dom.js";
import { PITCH_X, PITCH_Y, naturalHeight, naturalWidth, renderMaze, setZoom } from "./maze_svg.js";

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
      { class: "zoom", role: "group", "aria-label": "zoom" },
      button("−", "zoom out", "zoom-out", () => this.zoomBy(1 / 1.25)),
      button("+", "zoom in", "zoom-in", () => this.zoomBy(1.25)),
      button("Fit", "fit the maze to its box", "zoom-fit", () => this.fit(), "button"),
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
    const zoom = this.zoom || this.fitting(svg);
    setZoom(svg, zoom);
    const old = this.bounds;
    const ratio = zoom / this.shownZoom;
    const keep = { left: scroller.scrollLeft, top: scroller.scrollTop };
    fill(scroller, svg);
    if (!old) {
      scroller.scrollLeft = (scroller.scrollWidth - scroller.clientWidth) / 2;
      scroller.scrollTop = (scroller.scrollHeight - scroller.clientHeight) / 2;
    } else {
      scroller.scrollLeft = keep.left * ratio + (old.minX - bounds.minX) * PITCH_X * zoom;
      scroller.scrollTop = keep.top * ratio + (old.minY - bounds.minY) * PITCH_Y * zoom;
    }
    this.bounds = bounds;
    this.shownZoom = zoom;
  }

  /**
   * The zoom that fits the box: the whole width, and the height while the cards
   * stay a good size (else it scrolls); never so small that a cell is hard to hit,
   * about 42 px wide on a touch screen, 36 px with a mouse.
   */
  fitting(svg) {
    const smallest = matchMedia("(pointer: coarse)").matches ? 0.7 : 0.6;
    const width = (this.scroller.clientWidth - 4) / naturalWidth(svg);
    const height = (this.scroller.clientHeight - 4) / naturalHeight(svg);
    return Math.max(smallest, Math.min(1.2, width, Math.max(height, 0.8)));
  }
}
