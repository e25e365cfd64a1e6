const PLAIN: Record<string, string> = {
  '⁰': '0',
  '¹': '1',
  '²': '2',
  '³': '3',
  '⁴': '4',
  '⁵': '5',
  '⁶': '6',
  '⁷': '7',
  '⁸': '8',
  '⁹': '9',
  '⁻': '-',
  '⁺': '+',
};

/** Superscript digits and signs as written in chat ("10⁻³") in plain characters ("-3"); others kept. */
export function plainSuperscripts(text: string): string {
  return [...text].map((c) => PLAIN[c] ?? c).join('');
}

const SUPERSCRIPT: Record<string, string> = Object.fromEntries(
  Object.entries(PLAIN).map(([superscript, plain]) => [plain, superscript]),
);

/** An integer as superscript characters (-3 → "⁻³"), for exponents written in chat. */
export function superscriptOf(n: number): string {
  return [...String(n)].map((c) => SUPERSCRIPT[c] ?? c).join('');
}
