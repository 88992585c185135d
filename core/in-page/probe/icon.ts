import { attr, isHtml } from './dom.ts';

/*
 * What the element's pictures show, so look-alike icon buttons (a bin, an archive box) are told
 * apart: an image's file, an svg sprite's reference, an icon font's classes, or a digest of an
 * inline drawing's shapes.
 */
const kMaxIcon = 120;

function digest(text: string): string {
  let h = 5381;
  for (let i = 0; i < text.length; i++) h = ((h * 33) ^ text.charCodeAt(i)) >>> 0;
  return h.toString(36);
}

function svgPart(svg: Element): string | null {
  const use = svg.querySelector('use');
  const ref = use && (attr(use, 'href') ?? attr(use, 'xlink:href'));
  if (ref) return `use:${ref}`;
  const shapes = Array.from(svg.querySelectorAll('path, polygon, polyline, circle, rect, line, ellipse'))
    .map((shape) => Array.from(shape.attributes).filter((a) => /^(d|points|cx|cy|r|x|y|x1|x2|y1|y2|width|height|rx|ry)$/.test(a.name)).map((a) => `${a.name}=${a.value}`).join(','))
    .join(';');
  return shapes ? `svg:${digest(shapes)}` : null;
}

function pictureParts(el: Element, p: Element): string | null {
  if (isHtml(p, 'img') || (isHtml(p, 'input') && p.type === 'image')) {
    const src = attr(p, 'src');
    return src ? `img:${src.split(/[?#]/)[0]!.split('/').pop()}` : null;
  }
  if (p.tagName.toLowerCase() === 'svg') return svgPart(p);
  if (p !== el && !(p.textContent ?? '').trim() && p.classList.length) return `class:${Array.from(p.classList).sort().join('.')}`;
  return null;
}

export function iconOf(el: Element): string | null {
  const pictures = [el, ...Array.from(el.querySelectorAll('img, svg, i, [class*="icon"]'))];
  const parts = pictures.map((p) => pictureParts(el, p)).filter((part): part is string => part !== null);
  return parts.length ? parts.join(' ').slice(0, kMaxIcon) : null;
}
