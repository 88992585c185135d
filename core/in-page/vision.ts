/** The labelled boxes capture/perceive/vision.ts draws over a page for a screenshot. */

export interface Label {
  index: number;
  x: number;
  y: number;
  width: number;
  height: number;
  color: string;
}

/** One fixed layer above everything, a box and a tag per element. */
export function drawOverlay({ labels, id }: { labels: Label[]; id: string }): void {
  document.getElementById(id)?.remove();
  const layer = document.createElement('div');
  layer.id = id;
  layer.setAttribute('aria-hidden', 'true');
  layer.style.cssText = 'position:fixed;inset:0;pointer-events:none;z-index:2147483647;';
  for (const label of labels) {
    const box = document.createElement('div');
    box.style.cssText = `position:absolute;left:${label.x}px;top:${label.y}px;width:${label.width}px;height:${label.height}px;outline:2px solid ${label.color};box-sizing:border-box;`;
    const tag = document.createElement('span');
    tag.textContent = String(label.index);
    const above = label.y >= 14;
    tag.style.cssText = `position:absolute;left:-2px;${above ? 'top:-14px' : 'top:0'};background:${label.color};color:#fff;font:bold 11px/13px monospace;padding:0 2px;`;
    box.appendChild(tag);
    layer.appendChild(box);
  }
  (document.body ?? document.documentElement).appendChild(layer);
}

export function removeOverlay(id: string): void {
  document.getElementById(id)?.remove();
}
