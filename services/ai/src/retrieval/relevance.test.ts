import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { glossaryGroups, readAliases, readCorpus } from './corpus-reader.js';
import { RetrievalInputError } from './errors.js';
import { buildIndex } from './graph-builder.js';
import { loadIndexFile } from './index-file.js';
import { DEFAULT_RELEVANCE_MODEL, isRelevant, type RelevanceFeatures } from './relevance.js';
import { RetrievalEngine } from './retrieval-engine.js';
import { SearchIndex } from './search-index.js';
import { analyzeQuery, tokenize } from './tokenizer.js';

const serviceDir = fileURLToPath(new URL('../../', import.meta.url));
const corpusDir = `${serviceDir}corpus`;
const shipped = async () =>
  RetrievalEngine.fromIndex(await loadIndexFile(`${corpusDir}/index/graph-index.json`));

/** The section of the best passage, as `source#title`. */
async function top(engine: RetrievalEngine, question: string) {
  const result = await engine.retrieve(question);
  const first = result.passages[0];
  return {
    relevant: result.relevant,
    at: first ? `${first.source}#${first.section.split(' > ').at(-1)}` : null,
  };
}

describe('relevance decided on measurements of the ranking', () => {
  it('answers the paraphrases the coverage gate refused, from the right section', async () => {
    const engine = await shipped();
    expect(await top(engine, 'Why do polarizing sunglasses cut the glare coming off a lake?')).toEqual({
      relevant: true,
      at: "en/fresnel-equations.md#Brewster's angle",
    });
    expect(await top(engine, 'why is there no magnetic field outside a coax cable')).toEqual({
      relevant: true,
      at: 'en/ampere-law.md#Coaxial cable and toroid',
    });
    expect(await top(engine, '偏光太阳镜为什么能减弱湖面的反光')).toEqual({
      relevant: true,
      at: 'zh/fresnel-equations.md#布儒斯特角',
    });
  });

  it('refuses off-topic questions that share words with the notes', async () => {
    const engine = await shipped();
    for (const question of [
      'speed of sound in air',
      'potential energy of a spring',
      '热力学第二定律',
      'how does a black hole form',
    ]) {
      expect({ question, relevant: (await engine.retrieve(question)).relevant }).toEqual({
        question,
        relevant: false,
      });
    }
  });

  it('says when a question is about a film, a pet, a workout or a partner', async () => {
    const engine = await shipped();
    for (const question of [
      'which cinema near campus still shows old movies on film',
      'is it cruel to leave a kitten alone over the weekend',
      'how many rest days between gym sessions',
      '异地恋的女朋友总是不回消息怎么办',
    ]) {
      expect({ question, outside: (await engine.retrieve(question)).outside }).toEqual({
        question,
        outside: true,
      });
    }
    expect((await engine.retrieve('field between the plates of a charged capacitor')).outside).toBe(false);
  });

  it('does not take a course word inside another subject’s term for the course (反射 of 条件反射)', async () => {
    const engine = await shipped();
    for (const question of [
      '膝跳反射属于哪一种反射',
      'how does a reflex arc work',
      '神经元之间怎么传递信号',
    ]) {
      const found = await engine.retrieve(question);
      expect({ question, outside: found.outside, relevant: found.relevant }).toEqual({
        question,
        outside: true,
        relevant: false,
      });
    }
    // The words alone, or in the course's own terms, stay on topic.
    for (const question of ['反射和折射有什么区别', '全反射的条件是什么', '库朗条件是什么']) {
      expect({ question, relevant: (await engine.retrieve(question)).relevant }).toEqual({
        question,
        relevant: true,
      });
    }
  });

  it('refuses short questions naming a topic of everyday life the course does not teach', async () => {
    const engine = await shipped();
    for (const question of [
      'current interest rates',
      'charge my phone battery faster',
      'surface tension of water',
    ]) {
      expect({ question, relevant: (await engine.retrieve(question)).relevant }).toEqual({
        question,
        relevant: false,
      });
    }
  });

  it('finds strength training off topic however much power, force or form it asks about', async () => {
    const engine = await shipped();
    for (const question of [
      'my squat stalled at 100 kg, how do I push more force through the floor',
      'what is the right form to get more power in the bench press',
      '卧推的时候怎么发力更大',
    ]) {
      const found = await engine.retrieve(question);
      expect({ question, outside: found.outside, relevant: found.relevant }).toEqual({
        question,
        outside: true,
        relevant: false,
      });
    }
  });

  it('finds gadgets, travel, self-help and politics off topic whatever field, charge or polarization they name', async () => {
    const engine = await shipped();
    for (const question of [
      'my electric toothbrush dies after two days of travelling, any tips',
      '被困在车里该打什么电话',
      '面试的时候怎么显得有气场',
      'does the law of attraction actually work',
      '学生党买什么手写笔好',
      'are elections getting more polarized than before',
    ]) {
      const found = await engine.retrieve(question);
      expect({ question, outside: found.outside, relevant: found.relevant }).toEqual({
        question,
        outside: true,
        relevant: false,
      });
    }
  });

  it('finds feelings, dating and therapy off topic whatever pull, resistance or field they name', async () => {
    const engine = await shipped();
    for (const question of [
      'why is there zero chemistry or magnetic attraction with the guys i date',
      'how do i stop feeling so much resistance before seeing a therapist',
      '心理咨询的时候总觉得有电流一样的焦虑感',
    ]) {
      const found = await engine.retrieve(question);
      expect({ question, outside: found.outside, relevant: found.relevant }).toEqual({
        question,
        outside: true,
        relevant: false,
      });
    }
  });

  it('lets an everyday sense claim its words, so they name no course concept', async () => {
    const engine = await shipped();
    for (const question of [
      'how do i get my charge card limit raised',
      'how many coils should a good mattress have',
      'which soldering flux is best for electronics',
      '信用卡额度怎么提高',
    ]) {
      expect({ question, relevant: (await engine.retrieve(question)).relevant }).toEqual({
        question,
        relevant: false,
      });
    }
    // The same words in their course sense still answer.
    for (const question of ['what is the charge on a capacitor plate', 'magnetic flux through a coil']) {
      expect({ question, relevant: (await engine.retrieve(question)).relevant }).toEqual({
        question,
        relevant: true,
      });
    }
  });
  it('counts a known word that modifies an unknown head as saying what kind, not what', async () => {
    const engine = await shipped();
    // "charging" is course vocabulary, "cable" and "types" are not: the question is about cables.
    const phrase = (await engine.judge('charging cable types')).features;
    expect({
      modifier: phrase.modifier,
      knownCoverage: phrase.knownCoverage,
      concept: phrase.concept,
    }).toEqual({
      modifier: 1,
      knownCoverage: 0,
      concept: 0,
    });
    // The same words with the known word as the head are covered and keep their concept match.
    const head = (await engine.judge('cable charging')).features;
    expect(head.modifier).toBe(0);
    expect(head.knownCoverage).toBeGreaterThan(0);
    // A sentence is not read as one phrase: polarizing still counts (sunglasses are unknown).
    const sentence = (await engine.judge('why do polarizing sunglasses cut the glare off a lake')).features;
    expect(sentence.modifier).toBe(0);
    expect(sentence.knownCoverage).toBeGreaterThan(0);
  });

  it('reads a concept named only through an everyday word, among foreign words, as unanchored', async () => {
    const engine = await shipped();
    const judge = async (q: string) => (await engine.judge(q)).features.unanchored;
    // "charge" and 电流 have everyday senses (scope `everyday`): alone they anchor nothing.
    expect(await judge('how much do banks charge for an international transfer')).toBeGreaterThan(0.3);
    expect(await judge('他说话总是带电，怎么跟这种人相处')).toBeGreaterThan(0.3);
    expect(await top(engine, 'how much do banks charge for an international transfer')).toEqual({
      relevant: false,
      at: null,
    });
    // A name that is not an everyday word anchors the question; so does asking nothing else.
    expect(await judge('what is the displacement current between charging capacitor plates')).toBe(0);
    expect(await judge('what does a capacitor do')).toBeLessThan(0.1);
    expect((await top(engine, 'what does a capacitor do')).relevant).toBe(true);
    // Asked of the other language's notes every word looks foreign, so the share is not read.
    const documents = await readCorpus(corpusDir);
    const zhOnly = RetrievalEngine.fromIndex(
      buildIndex(
        documents.filter((d) => d.source.startsWith('zh/')),
        { aliases: await readAliases(corpusDir) },
      ),
    );
    expect(
      (await zhOnly.judge('what number is k in the force law between charges')).features.unanchored,
    ).toBe(0);
  });

  it('never calls a ranking with nothing of the question relevant, whatever the weights', () => {
    const none: RelevanceFeatures = {
      coverage: 0,
      knownCoverage: 0,
      specificity: 0,
      concept: 1,
      unknown: 0,
      graphConcept: 1,
      outside: 0,
      modifier: 0,
      unanchored: 0,
    };
    expect(isRelevant(none, { ...DEFAULT_RELEVANCE_MODEL, bias: 10 })).toBe(false);
    expect(isRelevant({ ...none, coverage: 0.5 }, { ...DEFAULT_RELEVANCE_MODEL, bias: 10 })).toBe(true);
  });
});

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
