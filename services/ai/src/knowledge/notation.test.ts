import { describe, expect, it } from 'vitest';
import { KnowledgeAnswers } from './answers.js';

const answers = new KnowledgeAnswers();
/** The opening paragraph of the lead: the statement and its formula. */
const opening = (q: string) => answers.lead(q)?.text.split('\n\n')[0] ?? '';

describe("the lead states a result in the student's own letters", () => {
  it('renames the variables the question names with its own letters, in the statement and the formula', () => {
    const zh = opening('接地金属球半径为r，外面有个点电荷Q，它到球心的距离为L，求镜像电荷');
    expect(zh).toContain("Q' = −Qr/L");
    expect(zh).toContain('\\frac{Qr}{L}');
    expect(zh).toContain('\\frac{r^2}{L}');
    const en = opening('image charge for a grounded sphere: a charge Q at distance x from its centre');
    expect(en).toContain('\\frac{QR}{x}');
    // The article stays an article: "For a grounded sphere", "and a charge".
    expect(en).toMatch(/^For a grounded sphere .* and a charge Q at distance x,/);
  });

  it('keeps the student’s letters in the formula with their numbers put in', () => {
    // Only the distance given: E = k|Q|/(5 cm)², with the charge still called Q.
    const partly = opening('how strong is the field of a point charge Q at 5 cm from it');
    expect(partly).toContain('\\frac{k Q}{r^2}');
    expect(partly).toContain('\\left|Q\\right|');
  });

  it('keeps its own letters where the student’s letter would be read two ways', () => {
    // b is already the image's distance in the formula: calling the radius b would confuse them.
    const clash = opening(
      'image charge for a grounded sphere of radius b, a charge at distance x from its centre',
    );
    expect(clash).toContain('\\frac{R^2}{x}');
    expect(clash).not.toMatch(/\{b\^2\}/);
    // A letter after a place names the place, not the distance from it: O is the centre.
    const place = opening('接地导体球的球心为O，半径R，电荷q离球心d，求镜像电荷');
    expect(place).toContain('\\frac{qR}{d}');
    expect(place).not.toMatch(/\{O\}|R\^2\}\{O/);
    // A letter after a number is its unit, not a name: 5 C is a charge in coulombs.
    expect(opening('image charge for a grounded sphere, a charge of 5 C outside it')).toContain(
      '\\frac{qR}{a}',
    );
  });
});
