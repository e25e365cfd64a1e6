import sharp from 'sharp';
import { SVG_FONT_FAMILY } from '../fonts.js';
import type { DisplayList, Primitive, Style } from './primitives.js';

const n1 = (v: number) => String(Math.round(v * 10) / 10);
const n2 = (v: number) => String(Math.round(v * 100) / 100);

/** XML-escapes text and drops characters XML 1.0 forbids, so any title yields a well-formed file. */
export function escapeXml(s: string): string {
  let clean = '';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    const allowed =
      c === 0x9 ||
      c === 0xa ||
      c === 0xd ||
      (c >= 0x20 && c <= 0xd7ff) ||
      (c >= 0xe000 && c <= 0xfffd) ||
      c >= 0x10000;
    if (allowed) clean += ch;
  }
  return clean
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function style(s: Style): string {
  let out = ` fill="${s.fill ?? 'none'}"`;
  if (s.stroke) {
    out += ` stroke="${s.stroke}" stroke-width="${n2(s.width ?? 1)}"`;
    if (s.dash && s.dash.length > 0) out += ` stroke-dasharray="${s.dash.map(n2).join(' ')}"`;
    if (s.cap && s.cap !== 'butt') out += ` stroke-linecap="${s.cap}"`;
    if (s.join && s.join !== 'miter') out += ` stroke-linejoin="${s.join}"`;
  }
  if (s.alpha !== undefined && s.alpha < 1) out += ` opacity="${n2(s.alpha)}"`;
  return out;
}

function pathData(subpaths: number[][], closed: boolean): string {
  const parts: string[] = [];
  for (const sp of subpaths) {
    let d = `M${n1(sp[0]!)} ${n1(sp[1]!)}`;
    for (let i = 2; i < sp.length; i += 2) d += `L${n1(sp[i]!)} ${n1(sp[i + 1]!)}`;
    parts.push(closed ? `${d}Z` : d);
  }
  return parts.join('');
}

async function pngDataUri(rgba: Uint8ClampedArray, width: number, height: number): Promise<string> {
  const png = await sharp(Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength), {
    raw: { width, height, channels: 4 },
  })
    .png({ compressionLevel: 6 })
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

interface Emitter {
  out: string[];
  clipId: number;
  pending: Promise<void>[];
}

function emit(e: Emitter, items: Primitive[]): void {
  for (const p of items) {
    switch (p.kind) {
      case 'group': {
        if (p.clip) {
          const id = `clip${e.clipId++}`;
          e.out.push(
            `<clipPath id="${id}"><rect x="${n2(p.clip.x)}" y="${n2(p.clip.y)}" width="${n2(p.clip.w)}" height="${n2(p.clip.h)}"/></clipPath><g clip-path="url(#${id})">`,
          );
        } else e.out.push('<g>');
        emit(e, p.children);
        e.out.push('</g>');
        break;
      }
      case 'path':
        if (p.subpaths.length > 0)
          e.out.push(`<path d="${pathData(p.subpaths, p.closed ?? false)}"${style(p)}/>`);
        break;
      case 'circle':
        e.out.push(`<circle cx="${n2(p.cx)}" cy="${n2(p.cy)}" r="${n2(p.r)}"${style(p)}/>`);
        break;
      case 'rect':
        e.out.push(
          `<rect x="${n2(p.x)}" y="${n2(p.y)}" width="${n2(p.w)}" height="${n2(p.h)}"${p.rx ? ` rx="${n2(p.rx)}"` : ''}${style(p)}/>`,
        );
        break;
      case 'text': {
        const anchor = p.align === 'left' ? 'start' : p.align === 'right' ? 'end' : 'middle';
        const rot = p.rotate ? ` transform="rotate(${n2(p.rotate)} ${n2(p.x)} ${n2(p.y)})"` : '';
        const weight = p.weight === 'bold' ? ' font-weight="bold"' : '';
        e.out.push(
          `<text x="${n2(p.x)}" y="${n2(p.y)}" font-size="${n2(p.size)}"${weight} text-anchor="${anchor}" fill="${p.color}"${rot}>${escapeXml(p.text)}</text>`,
        );
        break;
      }
      case 'image': {
        // One <image> per field: the heatmap is a single embedded PNG, never a rectangle per cell.
        const slot = e.out.length;
        e.out.push('');
        const attrs = `x="${n2(p.x)}" y="${n2(p.y)}" width="${n2(p.w)}" height="${n2(p.h)}" preserveAspectRatio="none"${p.pixelated ? ' style="image-rendering:pixelated"' : ''}${p.alpha !== undefined && p.alpha < 1 ? ` opacity="${n2(p.alpha)}"` : ''}`;
        e.pending.push(
          pngDataUri(p.rgba, p.width, p.height).then((uri) => {
            e.out[slot] = `<image ${attrs} href="${uri}"/>`;
          }),
        );
        break;
      }
    }
  }
}

export async function renderSvg(list: DisplayList): Promise<string> {
  const e: Emitter = { out: [], clipId: 0, pending: [] };
  emit(e, list.items);
  await Promise.all(e.pending);
  const { width: w, height: h } = list;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" font-family="${SVG_FONT_FAMILY}">`,
    `<rect width="${w}" height="${h}" fill="${list.background}"/>`,
    ...e.out,
    '</svg>',
  ].join('\n');
}
