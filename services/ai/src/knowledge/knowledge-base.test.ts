import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CORPUS_DIR, parseOutline } from '../guided/corpus-outline.js';
import { kb, references } from './knowledge-references.test-support.js';
import { evaluateResult, ProblemSolver } from './solver.js';
import { courseSpelling } from './spelling.js';

describe('course knowledge', () => {
  it('evaluates every computable result to what packages/physics or a closed form gives', () => {
    const computable = kb.results.filter((r) => r.compute);
    expect(computable.length).toBeGreaterThan(30);
    for (const result of computable) {
      const reference = references[result.id];
      expect(reference, `${result.id} has no reference to check it against`).toBeDefined();
      const value = evaluateResult(result, reference!.values, kb.constants);
      const expected = reference!.expected();
      const scale = reference!.scale ?? Math.abs(expected);
      expect(Math.abs(value - expected) / scale, result.id).toBeLessThan(reference!.tol);
    }
  });

  it('ranks the result whose describing words say more first when two are described alike', () => {
    // "球壳" (shell) holds "球" (sphere): both are described at the same place, the shell says more.
    const ids = kb.match('一个铜球壳带电 5 nC，它外面的电场怎样').map((m) => m.result.id);
    expect(ids).toContain('sphere-outside');
    expect(ids.indexOf('shell-outside')).toBeLessThan(ids.indexOf('sphere-outside'));
  });

  it('does not take a short Chinese name inside a longer quantity term as said', () => {
    // "强度" names a wave's intensity; 磁感应强度 is the magnetic field, 电场强度 the electric field.
    const named = (q: string) => kb.match(q).find((m) => m.result.id === 'wave-intensity')?.named;
    expect(named('线圈所在处的磁感应强度每秒增加 0.3 T，电场强度多大')).toBeFalsy();
    expect(named('这束光的强度是多少')).toBe(true);
  });

  it('uses every variable it declares and cites a notes section that exists', () => {
    for (const result of kb.results) {
      const uses = [
        // A result only stated, not computed, declares the symbols of its formula (its notation).
        result.compute?.expr ?? result.tex,
        ...(result.conditions ?? []).map((c) => c.expr),
        ...Object.entries(result.derive ?? {}).flat(),
      ].join(' ');
      for (const name of Object.keys(result.variables ?? {})) {
        expect(uses, `${result.id}: ${name}`).toContain(name);
      }
      for (const lang of ['en', 'zh'] as const) {
        const source = `${lang}/${result.topic}.md`;
        const outline = parseOutline(source, readFileSync(join(DEFAULT_CORPUS_DIR, source), 'utf8'));
        expect(
          outline.sections.map((s) => s.title),
          `${result.id}: ${source}`,
        ).toContain(result.section[lang]);
      }
      expect(result.statement.en.length).toBeGreaterThan(10);
      expect(result.statement.zh.length).toBeGreaterThan(5);
      expect(result.names.length, result.id).toBeGreaterThan(0);
    }
    expect(new Set(kb.results.map((r) => r.id)).size).toBe(kb.results.length);
  });

  it('finds results under students’ spellings, read as the course spells them', () => {
    const first = (q: string) => kb.match(courseSpelling(q))[0]?.result.id;
    expect(first('columbs law formula')).toBe('coulomb-law');
    expect(first('库伦定律公式')).toBe('coulomb-law');
    expect(first('库仑定律')).toBe('coulomb-law');
    expect(first("explain gauss's lawe")).toBe('gauss-law');
    expect(first('通过封闭的面的电通量')).toBe('gauss-law');
    expect(first('闭合曲面的电通量等于什么')).toBe('gauss-law');
    expect(first('whats the magnetic feild inside a solenid')).toBe('solenoid-field');
    expect(first('method of imagies')).toBe('image-plane');
  });

  it('is not matched by questions that only share a describing word', () => {
    for (const q of [
      'how many coils should a good mattress have',
      'which soldering flux is best',
      'how do i get my charge card limit raised',
    ]) {
      expect(kb.match(q), q).toEqual([]);
    }
  });

  it('describes a charge over a grounded plane by other words than its name, and computes its image results', () => {
    const solver = new ProblemSolver(kb);
    const solved = (q: string) => solver.solve(q).find((o) => o.status === 'solved');
    const k = 1 / (4 * Math.PI * 8.8541878128e-12);
    // F = k q² / (2d)², toward the plane: the charge and its image 2d apart.
    const force = solved(
      'a 6 nC charge hangs 3 cm over a grounded, very large metallic plane; how hard is it pulled?',
    );
    expect(force?.result.id).toBe('image-plane');
    expect(force?.value).toBeCloseTo((k * 6e-9 ** 2) / 0.06 ** 2, 12);
    // σ = −q / (2π d²) right below it, the notes' σ(x, y) at x = y = 0.
    const sigma = solved(
      '1 nC held 1 cm above an earthed plane: surface charge density induced just beneath it?',
    );
    expect(sigma?.result.id).toBe('image-plane-sigma');
    expect(sigma?.value).toBeCloseTo(-1e-9 / (2 * Math.PI * 0.01 ** 2), 12);
    // A grounded box of Laplace's equation is not the image of a charge.
    expect(kb.match("laplace's equation inside a grounded box")[0]?.result.id).not.toMatch(/^image/);
  });
});
