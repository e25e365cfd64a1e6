import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KNOWLEDGE_DIR } from '../knowledge/knowledge-base.js';
import { parseConversion } from '../simulated/conversion.js';
import { asksSimulation, cue, joinersOf, plainRequest, unitName } from './request-words.js';

describe('how students ask the tools chat (tool-requests.json)', () => {
  it('keeps every keyed list in both languages', () => {
    const data = JSON.parse(readFileSync(join(KNOWLEDGE_DIR, 'tool-requests.json'), 'utf8'));
    for (const key of ['conversions', 'simulate', 'joiners']) {
      expect(Object.keys(data[key]).sort()).toEqual(['en', 'zh']);
      expect(data[key].en.length).toBeGreaterThan(0);
      expect(data[key].zh.length).toBeGreaterThan(0);
    }
    for (const [name, list] of Object.entries<{ en: string[]; zh: string[] }>(data.cues)) {
      expect(Object.keys(list).sort(), name).toEqual(['en', 'zh']);
      expect(list.en.length * list.zh.length, name).toBeGreaterThan(0);
    }
  });

  it('reads the planner cues as whole English words, Chinese anywhere', () => {
    expect(cue.wire.test('a long wire carrying 2 A')).toBe(true);
    expect(cue.wire.test('wireless charging')).toBe(false);
    expect(cue.wire.test('求长直导线的磁场')).toBe(true);
    expect(cue.question.test('tell me about lenz')).toBe(true);
    expect(cue.mathAsk.exec('what is  sin(30°)*5?')?.[1]).toBe('sin(30°)*5');
  });

  it('writes Chinese unit names as symbols, prefixes through the SI table, before reading numerals', () => {
    expect(plainRequest('三毫特斯拉是多少高斯')).toBe('3 mT 是多少 gauss');
    // 千 in 千伏 is kilo, not a thousand: "2 千伏" was read as 1000 V.
    expect(plainRequest('2 千伏等于多少伏特')).toBe('2 kV 等于多少 V');
    expect(plainRequest('仿真一下 2 纳库的点电荷')).toBe('仿真一下 2 nC 的点电荷');
    expect(plainRequest('两千高斯')).toBe('2000 gauss');
    expect(plainRequest('convert five electron volts to joules')).toBe('convert 5 eV to joules');
  });

  it('knows units through mathjs and refuses words that only look like them', () => {
    expect(unitName('teslas')).toBe('teslas');
    expect(unitName('centimetres')).toBe('cm');
    expect(unitName('G')).toBe('gauss');
    expect(unitName('at')).toBeUndefined();
    expect(unitName('vacuum')).toBeUndefined();
  });

  it.each([
    ['how many teslas is 350 gauss?', 350, 'gauss', 'teslas'],
    ['how many gauss in 1 tesla?', 1, 'tesla', 'gauss'],
    ['convert 200 gauss into millitesla please', 200, 'gauss', 'millitesla'],
    ['convert two hundred gauss to tesla', 200, 'gauss', 'tesla'],
    ['帮我把 3 微特斯拉换算成高斯', 3, 'uT', 'gauss'],
    ['2 千伏等于多少伏特', 2, 'kV', 'V'],
    ['一高斯是几特斯拉', 1, 'gauss', 'T'],
    ['把 150 厘米换算成米', 150, 'cm', 'm'],
  ])('reads %j as a conversion', (text, value, from, to) => {
    expect(parseConversion(text)).toEqual({ value, from, to });
  });

  it.each(['a wire carrying 5 A in a field at 2 cm', 'field of a 1 nC charge at 2 cm in vacuum'])(
    'does not read %j as a conversion',
    (text) => {
      expect(parseConversion(text)).toBeUndefined();
    },
  );

  it('hears a simulation asked for, in both languages, and knows the joiners of each', () => {
    expect(asksSimulation('run a simulation of a wire')).toBe(true);
    expect(asksSimulation('模拟两个点电荷')).toBe(true);
    expect(asksSimulation('what is the field of a wire')).toBe(false);
    expect(joinersOf('zh')).toContain('，再');
    expect(joinersOf('en')).toContain(', then ');
  });
});
