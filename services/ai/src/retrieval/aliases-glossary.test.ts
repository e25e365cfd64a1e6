import { describe, expect, it } from 'vitest';
import { glossaryGroups, readAliases, readCorpus } from './corpus-reader.js';
import { RetrievalInputError } from './errors.js';
import { buildIndex } from './graph-builder.js';
import { corpusDir, shipped, top } from './retrieval.test-support.js';
import { RetrievalEngine } from './retrieval-engine.js';
import { SearchIndex } from './search-index.js';
import { analyzeQuery, tokenize } from './tokenizer.js';

describe('concept aliases in the index', () => {
  it('finds one name of a concept through another, in either language', async () => {
    const engine = await shipped();
    for (const question of ['polarising angle of glass', '起偏角', "What is Brewster's angle?"]) {
      const { relevant, at } = await top(engine, question);
      expect({ question, relevant, brewster: /#(Brewster's angle|布儒斯特角)$/.test(at ?? '') }).toEqual({
        question,
        relevant: true,
        brewster: true,
      });
    }
  });

  it('answers a Chinese question from English notes only, and the reverse', async () => {
    const documents = await readCorpus(corpusDir);
    const aliases = await readAliases(corpusDir);
    const english = RetrievalEngine.fromIndex(
      buildIndex(
        documents.filter((d) => d.source.startsWith('en/')),
        { aliases },
      ),
    );
    expect(await top(english, '布儒斯特角是多少')).toEqual({
      relevant: true,
      at: "en/fresnel-equations.md#Brewster's angle",
    });
    expect(await top(english, '同轴电缆外面为什么没有磁场')).toEqual({
      relevant: true,
      at: 'en/ampere-law.md#Coaxial cable and toroid',
    });
    const chinese = RetrievalEngine.fromIndex(
      buildIndex(
        documents.filter((d) => d.source.startsWith('zh/')),
        { aliases },
      ),
    );
    expect(
      await top(chinese, 'How does an optical fibre keep light inside? total internal reflection'),
    ).toEqual({
      relevant: true,
      at: 'zh/fresnel-equations.md#全反射',
    });
    // Without the aliases the English notes have nothing for the Chinese question.
    const bare = RetrievalEngine.fromIndex(buildIndex(documents.filter((d) => d.source.startsWith('en/'))));
    expect((await bare.retrieve('布儒斯特角是多少')).relevant).toBe(false);
  });

  it('keeps the aliases through run-time uploads, and an index without aliases still loads', async () => {
    const documents = await readCorpus(corpusDir);
    const aliases = await readAliases(corpusDir);
    const file = buildIndex(
      documents.filter((d) => d.source.startsWith('en/')),
      { aliases },
    );
    const engine = RetrievalEngine.fromIndex(file);
    await engine.addDocument({
      source: 'lab.md',
      courseId: 'c1',
      text: '# Lab\n\n## Glare\n\nWe measured glare.',
    });
    expect(engine.indexFile.aliases).toEqual(file.aliases);
    const { aliases: _dropped, ...withoutAliases } = file;
    const { indexFileSchema } = await import('./index-model.js');
    expect(indexFileSchema.parse(withoutAliases).aliases).toEqual([]);
  });
});

describe('the bilingual glossary', () => {
  it('translates a word without making it a course concept', async () => {
    const index = new SearchIndex(
      buildIndex(
        (await readCorpus(corpusDir)).filter((d) => d.source.startsWith('zh/')),
        { aliases: await readAliases(corpusDir) },
      ),
    );
    const question = 'energy per unit length';
    const { units, concepts, terms } = index.aliases.expand(question, analyzeQuery(question));
    expect(concepts).toEqual([]);
    expect(terms.get('能量')).toBe(0.5);
    // Every English word is known to the Chinese notes through its translation, with a rarity.
    for (const unit of units)
      expect({ unit: unit.term, rarity: index.unitRarity(unit) }).toEqual({
        unit: unit.term,
        rarity: expect.any(Number),
      });
    // A word the notes never use in either language stays unknown.
    expect(index.unitRarity(analyzeQuery('ibuprofen').units[0]!)).toBeUndefined();
  });

  it('answers Chinese questions from English notes and English questions from Chinese notes', async () => {
    const documents = await readCorpus(corpusDir);
    const aliases = await readAliases(corpusDir);
    const only = (lang: string) =>
      RetrievalEngine.fromIndex(
        buildIndex(
          documents.filter((d) => d.source.startsWith(`${lang}/`)),
          { aliases },
        ),
      );
    expect(await top(only('zh'), 'why does the field point from high to low potential')).toEqual({
      relevant: true,
      at: 'zh/electrostatics.md#电势',
    });
    expect(await top(only('zh'), 'what number is k in the force law between charges')).toEqual({
      relevant: true,
      at: 'zh/electrostatics.md#库仑定律',
    });
    expect(await top(only('en'), '通电长线圈内部的磁场有多大')).toEqual({
      relevant: true,
      at: 'en/solenoids.md#Field inside a long solenoid',
    });
  });

  it('names each entry once, and every entry names something the notes say', async () => {
    const twice = () =>
      glossaryGroups([
        { en: ['field'], zh: ['场'] },
        { en: ['Field'], zh: ['场地'] },
      ]);
    expect(twice).toThrow(RetrievalInputError);
    expect(twice).toThrow(expect.objectContaining({ details: 'entries: w-field appears twice' }));
    const documents = await readCorpus(corpusDir);
    const text = documents.map((d) => d.text).join('\n');
    const words = ` ${tokenize(text)
      .filter((t) => !/\p{Script=Han}/u.test(t))
      .join(' ')} `;
    const says = (name: string) =>
      /\p{Script=Han}/u.test(name) ? text.includes(name) : words.includes(` ${tokenize(name).join(' ')} `);
    const groups = await readAliases(corpusDir);
    for (const group of groups.filter((g) => g.scope === 'word')) {
      expect({ group: group.id, said: group.terms.some(says) }).toEqual({ group: group.id, said: true });
    }
    // A name is translated as the words it keeps: "like charges" would be any "charge" (like is a
    // stop word), so a phrase must keep two words; and "pointing" would be any "point": two
    // entries never share a one-word name.
    const single = new Map<string, string>();
    for (const group of groups.filter((g) => g.scope === 'word')) {
      for (const name of group.terms.filter((n) => !/\p{Script=Han}/u.test(n))) {
        const tokens = tokenize(name);
        const words = name.split(/[\s-]+/).length;
        expect({ name, collapsed: words > 1 && tokens.length < 2 }).toEqual({ name, collapsed: false });
        if (tokens.length !== 1) continue;
        const other = single.get(tokens[0]!);
        expect({ name, shared: other !== undefined && other !== group.id }).toEqual({ name, shared: false });
        single.set(tokens[0]!, group.id);
      }
    }
    // A topic the course does not teach is one its notes never name.
    for (const group of groups.filter((g) => g.scope === 'outside')) {
      for (const name of group.terms) expect({ name, said: says(name) }).toEqual({ name, said: false });
    }
  });
});
