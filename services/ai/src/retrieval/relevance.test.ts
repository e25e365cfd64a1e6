import { describe, expect, it } from 'vitest';
import { readAliases, readCorpus } from './corpus-reader.js';
import { buildIndex } from './graph-builder.js';
import { DEFAULT_RELEVANCE_MODEL, isRelevant, type RelevanceFeatures } from './relevance.js';
import { corpusDir, shipped, top } from './retrieval.test-support.js';
import { RetrievalEngine } from './retrieval-engine.js';

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
