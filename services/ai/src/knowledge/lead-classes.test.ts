import { describe, expect, it } from 'vitest';
import { KnowledgeAnswers } from './answers.js';
import { leadWithKnowledge } from './rag-lead.js';

// Classes of lead question the offline tutor answered wrongly or refused: a scaling question that
// names the quantity by its bare symbol or the variable by the notes' word for it, a value question
// whose numbers compute one of two described results, and others below. Questions are not from
// the eval sets.
const answers = new KnowledgeAnswers();
const first = (q: string) => (answers.lead(q)?.text ?? '').split('\n\n')[0]!;
const offTopic = { reply: 'REFUSED', citations: [] };

describe('a scaling question', () => {
  it('asking for a field by its bare symbol E at the end of the question', () => {
    expect(first('move four times further away from a small point charge, how does E change')).toMatch(
      /^If the distance from the charge \(r\) becomes 4 times what it was, the electric field E becomes 1\/16/,
    );
  });

  it('scaling a wave’s amplitude, the notes’ word for its peak field', () => {
    expect(first('triple the amplitude of a light wave, what is its intensity now')).toMatch(
      /the intensity I becomes 9 times what it was/,
    );
  });
});

describe('a value question computed from the student’s numbers', () => {
  it('leads with the result the numbers compute when two results are described, even off topic', () => {
    const led = leadWithKnowledge(
      'ignoring relativity, an electron starting from rest is accelerated through 2000 V, what speed does it reach',
      offTopic,
      false,
      true,
    );
    expect(led.reply).toMatch(/^\*\*speed: v = 2\.65 × 10⁷ m\/s\*\*/);
  });
});
