import { z } from 'zod';

/**
 * How questions write quantities and ask for them (corpus/knowledge/units.json): units and their
 * spellings, number phrases, the words that ask for each quantity, and the words the problem
 * solver reads as given, as superposed or as a size. The reader and the solver take all of it from here.
 */
export const unitsFileSchema = z.object({
  /** Quantities written without digits ("half a metre") and how to read them. */
  phrases: z.object({ as: z.array(z.object({ text: z.string(), as: z.string() })) }),
  /** Words that give one value to two variables ("3 μC each"). */
  each: z.array(z.string()),
  /** A count just before a quantity that gives it to two variables ("two 3 μC charges"). */
  pair: z.array(z.string()),
  /** Words that give the two of such a pair opposite signs ("equal and opposite", 异号). */
  opposite: z.array(z.string()),
  /**
   * Particles named instead of a charge or a mass ("two electrons", 质子): each kind of quantity as
   * an expression of the constants; `except` are words holding the name that are not it (电子伏).
   */
  particles: z.object({
    named: z.array(
      z.object({
        words: z.array(z.string()),
        except: z.array(z.string()).default([]),
        quantities: z.record(z.string(), z.string()),
      }),
    ),
  }),
  /** The SI unit each kind of quantity is computed in. */
  si: z.record(z.string(), z.string()),
  /** Units written differently that are the same SI unit (N/C and V/m). */
  sameUnit: z.record(z.string(), z.array(z.string())),
  /** Numbers listed with one unit after the last ("10, 20 and 30 V"): what may stand between them. */
  list: z.object({ about: z.string(), separators: z.array(z.string()) }),
  /** Words that join the parts of a question ("the field and the energy density"). */
  also: z.array(z.string()),
  /** Marks that end a question; one with more words after it starts another part ("B? intensity?"). */
  askMarks: z.array(z.string()),
  /** Marks before the student's own answer to check ("≈ 56°?"): that number is no given. */
  claimMarks: z.array(z.string()),
  /** How a student's own letters for a result's variables are read (`about` in units.json). */
  notation: z.object({
    notLetters: z.array(z.string()),
    joins: z.array(z.string()),
    naming: z.array(z.string()),
    from: z.array(z.string()),
  }),
  /** Words before a symbol that ask for it ("find E", "how strong is B", "求 F"). */
  askSymbol: z.array(z.string()),
  /** Words after a number in digits that scale a variable by it ("3 times", "5倍"). */
  scaleTimes: z.object({ about: z.string(), words: z.array(z.string()) }),
  /** Words that ask how two results differ ("difference between", "区别"). */
  compare: z.array(z.string()),
  /**
   * Kinds of question by their wording, first that applies wins: English words open the
   * question ("can", "why"), Chinese ones occur anywhere (为啥, 吗).
   */
  questionKinds: z.array(
    z.object({
      kind: z.string(),
      en: z.array(z.string()),
      zh: z.array(z.string()),
      /**
       * A kind asked inside another: an either-or question ("does E point to higher or lower
       * potential") is a yes/no question whose word (or, 还是) joins two alternatives. In English
       * the question asks the other kind too (是A还是B needs no yes/no word); never before one of
       * `tails` ("or not", "or nah", 还是不是), which leave it a yes/no question.
       */
      within: z.string().optional(),
      tails: z.object({ en: z.array(z.string()), zh: z.array(z.string()) }).optional(),
      /**
       * Chinese asks it also by a word, its negation and the word again (受不受, 对不对, 变不变):
       * the negations that stand between the two.
       */
      aNotA: z.array(z.string()).optional(),
    }),
  ),
  /**
   * An English question opening with a condition ("if there's a charge outside, does it change
   * the flux") or a place ("inside a toroid is B the same everywhere") often leaves out the comma
   * before its main clause: after `opens`, a kind's word followed by one of `subjects` (a field's
   * letter too) opens it, unless another kind of question is asked (`otherAsks`: "if E is zero,
   * what is V", "in which cases is …").
   */
  conditionalClause: z.object({
    opens: z.array(z.string()),
    subjects: z.array(z.string()),
    otherAsks: z.array(z.string()),
  }),
  /**
   * Words that join a second question to the first after its comma ("what does the theorem say,
   * and why does it …"): a kind's word after one of them still opens that clause.
   */
  clauseJoins: z.array(z.string()),
  /** Words that hold a variable while another is scaled ("the same length", 长度不变), and the fillers between. */
  held: z.object({ words: z.array(z.string()), fillers: z.array(z.string()) }),
  /** Words that scale a quantity ("triple", "一半") and by what factor. */
  scale: z.array(z.object({ words: z.array(z.string()), factor: z.number() })),
  /**
   * Words just after a scaling word that make it a distance ("3x closer", "twice as far"): the
   * distance is what is scaled, by the factor (farther) or its inverse (closer), and `within` is how
   * many characters may stand between.
   */
  scaleDistance: z.object({ closer: z.array(z.string()), farther: z.array(z.string()), within: z.number() }),
  /** Words before the medium light comes from ("from glass into air"). */
  from: z.array(z.string()),
  /** Words before the medium light goes into; named alone, the light comes from air ("into glass"). */
  into: z.array(z.string()),
  /** Media by name with their usual index; a name after an `unknown` word ("某种玻璃") has none. */
  materials: z.object({
    indices: z.array(z.object({ words: z.array(z.string()), n: z.number() })),
    unknown: z.array(z.string()),
    replacing: z.array(z.string()),
    /** Words naming the layer an index is given to (a fibre's core, its cladding). */
    layers: z.array(z.string()).default([]),
  }),
  /** Words that name a symbol a number is given to ("Courant number" for S), by symbol. */
  symbolWords: z.object({ symbols: z.record(z.string(), z.array(z.string())) }),
  /** Words that give a quantity its sign when only its size is read ("a positive charge"). */
  signs: z.object({ positive: z.array(z.string()), negative: z.array(z.string()) }),
  /** Words giving a medium's relative permittivity and permeability, read as its index √(εr μr). */
  relative: z.object({ permittivity: z.array(z.string()), permeability: z.array(z.string()) }),
  /** Words that ask for a quantity, by the unit of the results computing it (potential: V). */
  asked: z.object({
    units: z.record(z.string(), z.array(z.string())),
    /** Words that make an asked quantity another one: the current's density or direction. */
    otherThan: z.array(z.string()).default([]),
    /** Phrases holding an asking word that ask for nothing ("20 cells per wavelength"). */
    notAsking: z.array(z.string()).default([]),
    /** Asking words that also describe what happens ("pull"): they yield to another quantity's own word. */
    describing: z.array(z.string()).default([]),
  }),
  /** Kinds of quantity an answer must use when the question gives one (an angle to the field). */
  mustUse: z.object({ kinds: z.array(z.string()), eachPart: z.array(z.string()).default([]) }),
  /** Words that make a length a diameter, and how many characters may stand between them and it. */
  diameter: z.object({ words: z.array(z.string()), before: z.number(), after: z.number() }),
  /**
   * Words that ask for the field or force of several sources together ("the net field", "between
   * them"): a result of one source (a charge, a current) does not answer them.
   */
  /** Words of how things lie towards the field with no angle read: a left-out angle is not taken as 90°. */
  unstatedAngle: z.object({ words: z.array(z.string()), of: z.array(z.string()) }),
  /** Words that say a value is a root-mean-square one: no result's variable takes it (they take amplitudes). */
  rms: z.object({ words: z.array(z.string()) }),
  /** Words that ask for a quantity's size: a negative result is stated as its size, said negative. */
  magnitude: z.object({ words: z.array(z.string()), signed: z.array(z.string()) }),
  superposed: z.object({ kinds: z.array(z.string()), words: z.array(z.string()), many: z.array(z.string()) }),
  /** Words naming a loop's shape, by shape; a result for one shape is not used where another is named. */
  shapes: z.object({ kinds: z.record(z.string(), z.array(z.string())), except: z.array(z.string()) }),
  /** How a point's coordinates are written, and the kind (a position) lengths read inside them become. */
  coordinates: z.object({
    open: z.array(z.string()),
    close: z.array(z.string()),
    separators: z.array(z.string()),
    kind: z.string(),
    of: z.array(z.string()),
  }),
  /** Kinds of quantity that name a point, where the same result may be asked again. */
  points: z.object({ kinds: z.array(z.string()), bounds: z.array(z.string()).default([]) }),
  /** A quantity given as a change from one value to another, and over an interval (reading-change.ts). */
  change: z.object({
    from: z.array(z.string()),
    to: z.array(z.string()),
    before: z.array(z.string()),
    after: z.array(z.string()),
    /** Words that make the last value point the other way ("变为反方向的 0.40 T"). */
    reversed: z.array(z.string()),
    differences: z.array(z.string()),
    rates: z.record(z.string(), z.string()),
  }),
  /** A unit per another ("nC per metre"): the joining words and the kind of each quotient. */
  per: z.object({
    words: z.array(z.string()),
    /** Words that make a quotient only with a unit after them ("2 nC on each metre", not "2 nC each"). */
    each: z.array(z.string()),
    square: z.array(z.string()),
    squared: z.array(z.string()),
    kinds: z.record(z.string(), z.string()),
    /** Words before a divisor written first ("每米 1000 匝"), and verbs between it and the number (绕). */
    before: z.array(z.string()),
    joins: z.array(z.string()),
    /** What the divisor measures, between it and the verb ("每米宽度上流过 50 安"). */
    span: z.array(z.string()),
  }),
  units: z.array(
    z.object({
      kind: z.string(),
      factor: z.number(),
      symbols: z.array(z.string()).optional(),
      words: z.array(z.string()).optional(),
    }),
  ),
});
export type UnitsFile = z.infer<typeof unitsFileSchema>;
