/**
 * A model's reply checked against the passages it was given: `[n]` that points at no passage is
 * removed, and only the passages the reply cites stay in `citations`.
 */
const MARKER = /\[(\d{1,3})\]/g;

/**
 * A whole reply (non-streamed): dangling markers removed, cited passages renumbered 1..k in the
 * order the reply first cites them, or (`keepOrder`) in the order they were listed.
 */
export function checkCitedReply<C extends { n: number }>(
  reply: string,
  citations: C[],
  keepOrder = false,
): { reply: string; citations: C[] } {
  const known = new Map(citations.map((c) => [c.n, c]));
  let order: number[] = [];
  for (const match of reply.matchAll(MARKER)) {
    const n = Number(match[1]);
    if (known.has(n) && !order.includes(n)) order.push(n);
  }
  if (keepOrder) order = citations.map((c) => c.n).filter((n) => order.includes(n));
  const renumber = new Map(order.map((n, i) => [n, i + 1]));
  const text = reply
    .replace(MARKER, (_whole, digits: string) => {
      const to = renumber.get(Number(digits));
      return to === undefined ? '' : `[${to}]`;
    })
    // A removed marker leaves "word ." or "word  next": tidy the gap it leaves.
    .replace(/[ \t]+([.,;:!?。，；：！？])/g, '$1')
    .replace(/[ \t]{2,}/g, ' ');
  return {
    reply: text,
    citations: order.map((n, i) => ({ ...known.get(n)!, n: i + 1 })),
  };
}

/**
 * The same for a stream, piece by piece: text after an unclosed `[` is held back until the marker
 * closes (or clearly is not one), so a dangling marker never reaches the client. Numbers are not
 * changed (the passages were announced before the first delta); `cited()` lists what was cited.
 */
export class StreamedCitationFilter {
  private pending = '';
  private readonly used = new Set<number>();

  constructor(private readonly valid: Set<number>) {}

  push(piece: string): string {
    let text = this.pending + piece;
    this.pending = '';
    const open = text.lastIndexOf('[');
    if (
      open >= 0 &&
      !text.includes(']', open) &&
      text.length - open <= 5 &&
      /^\[\d*$/.test(text.slice(open))
    ) {
      this.pending = text.slice(open);
      text = text.slice(0, open);
    }
    return text.replace(MARKER, (whole, digits: string) => {
      const n = Number(digits);
      if (!this.valid.has(n)) return '';
      this.used.add(n);
      return whole;
    });
  }

  flush(): string {
    const rest = this.pending;
    this.pending = '';
    return rest;
  }

  cited<C extends { n: number }>(citations: C[]): C[] {
    return citations.filter((c) => this.used.has(c.n));
  }
}
