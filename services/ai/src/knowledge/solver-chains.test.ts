import { describe, expect, it } from 'vitest';
import { solve } from './solver.test-support.js';

/** Word problems whose parts are different results of one situation, each read where it holds. */
describe('the problem solver answers each part of a chained question where it holds', () => {
  it("gives a shell's potential at its centre as the shell's own, kQ/R, and nowhere else", () => {
    const reply = solve(
      'A hollow metal sphere of radius 5 cm is given 2 nC. Calculate the electric field 15 cm from its centre, and the potential at its centre.',
    );
    // k·2e-9/0.15² and k·2e-9/0.05
    expect(reply).toContain('E = 799 N/C');
    expect(reply).toContain('V = 360 V');
    const zh = solve('一个半径 5 厘米的空心金属球壳带电 2 纳库，求球壳内的电势。');
    expect(zh).toContain('V = 360 V');
    // The potential at a point outside is not the shell's own: no kQ/R asserted there.
    expect(
      solve(
        'A hollow metal sphere of radius 5 cm is given 2 nC. Calculate the electric field and the potential 15 cm from its centre.',
      ),
    ).not.toContain('V = 360 V');
  });

  it("gives a beam's intensity as its power over its spot's area, then the peak field from it", () => {
    const reply = solve(
      'A 2 milliwatt laser pointer lights a round spot 1.5 mm in diameter. Find the intensity, and also the peak E field.',
    );
    // I = 2e-3/(π·0.00075²) = 1132 W/m²; E₀ = √(2I/(cε₀)) = 923 V/m.
    expect(reply).toContain('I = 1130 W/m²');
    expect(reply).toContain('E₀ = 923 V/m');
    expect(solve('一束 10 毫瓦的激光，光束直径 4 毫米，求光强。')).toContain('I = 796 W/m²');
    // A width the reader does not take for a diameter is not taken for the radius either: with
    // 1.5 mm as the radius, 2e-3/(π·0.0015²) = 283 W/m².
    expect(solve('A 2 mW laser lights a round spot 1.5 mm across. Find the intensity.')).not.toContain('283');
    // A length that is not said to be the beam's width is not its diameter.
    expect(
      solve('A 3 mW laser beam is aimed at a screen 2 m away. What is the intensity on the screen?'),
    ).not.toMatch(/\*\*Result/);
  });

  it('reads light sent straight onto a surface (垂直射向) as normal incidence, its reflectance also a percentage', () => {
    // ((1.33 − 1.5)/(1.33 + 1.5))² = 0.00361
    expect(solve('光从水中垂直射向折射率为 1.5 的玻璃，有百分之多少的光被反射回水中？')).toContain(
      'R = 0.00361 (0.361 %)',
    );
  });

  it('reads a medium given by its relative permittivity as one of index √(εr μr), its wavelength shortened too', () => {
    // n = √3.24 = 1.8: v = c/1.8, λ = v/(500 MHz)
    const reply = solve(
      'A 500 MHz signal runs through a plastic whose dielectric constant is 3.24. Find the speed of the wave and also its wavelength.',
    );
    expect(reply).toContain('v = 1.67 × 10⁸ m/s');
    expect(reply).toContain('λ = 0.333 m');
    // A wavelength in water is not the one in vacuum: λ = c/(1.33·300 MHz).
    expect(
      solve('A 300 MHz wave travels in water (n = 1.33). How long is its wavelength in the water?'),
    ).toContain('λ = 0.751 m');
  });

  it('feeds a charge solved from its field into the parts asked after it, with the sign the words give', () => {
    // |q| = E r²/k = 2.00 × 10⁻⁸ C; V = kq/r = ∓600 V.
    const negative = solve(
      'The field 30 cm from a small negatively charged bead is 2000 N/C. What charge does the bead carry, and what is the potential at that point?',
    );
    expect(negative).toContain('|q| = 2.00 × 10⁻⁸ C');
    expect(negative).toContain('V = -600 V');
    // No sign in the words: the potential is only a size, never +600 V.
    const unsigned = solve(
      'The field 30 cm from a small charged bead is 2000 N/C. What charge does the bead carry, and what is the potential at that point?',
    );
    expect(unsigned).toContain('|V| = 600 V');
    // Q = E·4πε₀r² = 2.00 × 10⁻⁸ C; at the centre V = kQ/R = 2250 V.
    expect(
      solve(
        'A hollow spherical shell of radius 8 cm has a positive charge; 20 cm from its centre the field is 4500 N/C. Find the charge on the shell and the potential at its centre.',
      ),
    ).toContain('V = 2250 V');
    // λ = 2πε₀rE = 8.34 × 10⁻⁹ C/m, then the charge on 1.5 m of it.
    expect(
      solve(
        'A long charged filament makes a 3000 N/C field 5 cm from it. How much charge is on a length of 1.5 m of it?',
      ),
    ).toContain('|Q| = 1.25 × 10⁻⁸ C');
  });

  it('takes a medium named again for the one whose index the question wrote, not its usual index', () => {
    // "inside the glass" is the glass of n = 1.6: asin(1.33 sin 50° / 1.6) = 39.6°, not with n = 1.5.
    expect(
      solve(
        'Light travelling in water strikes a slab of glass (n = 1.6) at 50 degrees from the normal. At what angle from the normal does it move inside the glass?',
      ),
    ).toContain('θ₂ = 39.6°');
  });

  it('answers the s-polarized reflectance (Fresnel r_s squared, θ_t by Snell) beside the refraction angle, never past total reflection', () => {
    // n = 1.33 at 45°: sin θt = 0.532, r_s = (cos 45° − 1.33 cos θt)/(cos 45° + 1.33 cos θt) = −0.229.
    expect(
      solve('Light in air hits water (n = 1.33) at 45°. What fraction of s-polarized light is reflected?'),
    ).toContain('**Result:** R_s = 0.0523');
    // Two parts, an index given is no reflectance known already: 50° into n = 2.0, R_s = 0.234.
    const both = solve(
      'Light goes from air into a crystal of index 2.0 at 50° incidence. Find the refraction angle and also the reflectance for s-polarized light.',
    );
    expect(both).toContain('θ₂ = 22.5°');
    expect(both).toContain('R_s = 0.234');
    // From glass to air past the critical angle there is no transmitted ray for r_s to use.
    expect(
      solve('Light inside glass (n = 1.5) meets air at 60°. Reflectance for s-polarized light?'),
    ).not.toContain('**Result:**');
  });

  it('answers the p-polarized reflectance, and no normal-incidence reflectance beside an angle given', () => {
    // Fresnel r_p = (n₂ cos θi − n₁ cos θt)/(n₂ cos θi + n₁ cos θt): 50° into n = 1.60, R_p = 0.00623.
    const en = solve(
      'Light from air hits glass of index 1.60 at an incidence of 50°. Find (a) the angle of refraction and (b) the reflectance for p-polarised light.',
    );
    expect(en).toContain('θ₂ = 28.6°');
    expect(en).toContain('**Result:** R_p = 0.00623');
    // 30° onto water: R_p = 1.17 %, R_s = 3.05 %; the reflectance "at normal incidence" is not a part.
    const zh = solve(
      '一束光从空气以 30° 入射角射到水面（n = 1.33），求 p 偏振光的反射率和 s 偏振光的反射率。',
    );
    expect(zh).toContain('R_p = 0.0117');
    expect(zh).toContain('R_s = 0.0305');
    expect(zh).not.toContain('用不到');
  });
});

describe("a fibre's core and cladding", () => {
  it('keep their indices by their words when the light enters from air: the critical angle, NA and acceptance angle', () => {
    // asin(1.49/1.52) = 78.6°; asin(√(1.52² − 1.49²)/1) = asin(0.3005) = 17.5°.
    const reply = solve(
      'A fibre has a core of refractive index 1.52 and a cladding of index 1.49. What is the critical angle inside the core, and the acceptance angle for light coming in from air?',
    );
    expect(reply).toContain('θ_c = 78.6°');
    expect(reply).toContain('θ_a = 17.5°');
    // √(1.50² − 1.45²) = 0.384, asin(0.384) = 22.6°; no refraction angle (折射 of 折射率) from it.
    const zh = solve(
      '某光纤纤芯的折射率为 1.50，包层的折射率为 1.45，求数值孔径和光从空气射入端面时的最大入射角。',
    );
    expect(zh).toContain('NA = 0.384');
    expect(zh).toContain('θ_a = 22.6°');
    expect(zh).not.toContain('θ₂');
    // The medium outside not named, the acceptance angle is not assumed to be from air.
    expect(
      solve('A fibre has a core of index 1.52 and a cladding of index 1.49. What is its acceptance angle?'),
    ).not.toContain('**Result:**');
  });
});
