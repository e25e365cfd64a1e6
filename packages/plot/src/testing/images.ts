import sharp from 'sharp';
import { expect } from 'vitest';

/** Decodes a PNG and checks its size and that it is not blank (pixel variance across the image). */
export async function expectValidPng(png: Buffer, width: number, height: number): Promise<void> {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  const meta = await sharp(png).metadata();
  expect(meta.width).toBe(width);
  expect(meta.height).toBe(height);
  const stats = await sharp(png).stats();
  const spread = Math.max(...stats.channels.map((c) => c.stdev));
  expect(spread).toBeGreaterThan(8);
}

/** Share of pixels that are not near-white: a figure with a map must have plenty of them. */
export async function inkFraction(png: Buffer): Promise<number> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let ink = 0;
  for (let i = 0; i < data.length; i += info.channels)
    if (data[i]! + data[i + 1]! + data[i + 2]! < 720) ink++;
  return ink / (info.width * info.height);
}

/** Mean absolute per-channel difference (0–255) of two same-sized PNGs. */
export async function meanAbsDiff(a: Buffer, b: Buffer): Promise<number> {
  const [ra, rb] = await Promise.all(
    [a, b].map((x) => sharp(x).removeAlpha().raw().toBuffer({ resolveWithObject: true })),
  );
  expect(ra!.info.width).toBe(rb!.info.width);
  expect(ra!.info.height).toBe(rb!.info.height);
  let sum = 0;
  for (let i = 0; i < ra!.data.length; i++) sum += Math.abs(ra!.data[i]! - rb!.data[i]!);
  return sum / ra!.data.length;
}

const ENTITY = /^&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/;

/**
 * A small XML well-formedness check (enough for our SVG): balanced tags, quoted attributes, no stray
 * `<` or `&`, one root. Returns the element names in document order.
 */
export function parseXml(xml: string): string[] {
  const names: string[] = [];
  const stack: string[] = [];
  let i = 0;
  let roots = 0;
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const text = xml.slice(i, lt === -1 ? xml.length : lt);
    for (let k = text.indexOf('&'); k !== -1; k = text.indexOf('&', k + 1)) {
      if (!ENTITY.test(text.slice(k))) throw new Error(`bad entity at ${i + k}`);
    }
    if (lt === -1) break;
    const gt = xml.indexOf('>', lt);
    if (gt === -1) throw new Error('unclosed tag');
    const tag = xml.slice(lt + 1, gt);
    if (tag.startsWith('/')) {
      const name = tag.slice(1).trim();
      if (stack.pop() !== name) throw new Error(`mismatched </${name}>`);
    } else {
      const selfClosing = tag.endsWith('/');
      const body = selfClosing ? tag.slice(0, -1) : tag;
      const m = body.match(/^([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*$/);
      if (!m) throw new Error(`malformed tag <${tag.slice(0, 60)}>`);
      const attrs = m[2] ?? '';
      for (const a of attrs.matchAll(/="([^"]*)"/g)) {
        const v = a[1]!;
        for (let k = v.indexOf('&'); k !== -1; k = v.indexOf('&', k + 1)) {
          if (!ENTITY.test(v.slice(k))) throw new Error('bad entity in attribute');
        }
      }
      names.push(m[1]!);
      if (stack.length === 0) roots++;
      if (!selfClosing) stack.push(m[1]!);
    }
    i = gt + 1;
  }
  if (stack.length > 0) throw new Error(`unclosed <${stack.join('> <')}>`);
  if (roots !== 1) throw new Error(`expected one root element, found ${roots}`);
  return names;
}
