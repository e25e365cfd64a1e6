/**
 * Words of a topic and of the notes, for matching one to the other: lightly stemmed English
 * content words, Chinese two-character pairs without function characters.
 */

const EN_STOPWORDS = new Set(
  (
    'a about above after again against all also although always among an and another any are as at be ' +
    'because been before being below between both but by can cannot could did do does doing done down ' +
    'during each either enough even every few for from further given gives had has have having here how ' +
    'however if in into is it its itself just less like made make makes many may more most much must near ' +
    'neither no nor not now of off often on once one only onto or other others our out over own per same ' +
    'see shall should since so some such than that the their them then there therefore these they this ' +
    'those though through thus to too under until up upon us use used uses using very via was we well were ' +
    'what when where whether which while who whose why will with within without would yet you your two ' +
    'three four first second third form forms take takes taken called gives give becomes become follows ' +
    'follow following example point points equal equals case cases way ways part parts term terms written ' +
    'write show shows shown find found large small same result results value values method simple'
  ).split(' '),
);

// Function characters: a bigram containing one is almost never a term (的电, 是由, 在导体).
const ZH_STOP_CHARS = new Set(
  '的是在了和与为这一个我们中上下不也就都而及或其之以于对将把被由从到向等则即所并使得地着过该此每各有要会能可时里后前'.split(
    '',
  ),
);

function stemEn(word: string): string {
  let w = word.toLowerCase().replace(/['’]s$/, '');
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && w.endsWith('es') && /(ss|x|ch|sh)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  return w;
}

export interface Token {
  key: string;
  surface: string;
}

export function tokensOf(text: string): Token[] {
  const tokens: Token[] = [];
  // "Ampère" is "ampere": accents are dropped before words are cut.
  const plain = text.normalize('NFD').replace(/\p{Mn}/gu, '');
  for (const match of plain.matchAll(/[A-Za-z][A-Za-z'’-]*[A-Za-z]|\p{Script=Han}+/gu)) {
    const word = match[0];
    if (/\p{Script=Han}/u.test(word)) {
      for (let i = 0; i + 1 < word.length; i += 1) {
        const pair = word.slice(i, i + 2);
        if (!ZH_STOP_CHARS.has(pair[0]!) && !ZH_STOP_CHARS.has(pair[1]!))
          tokens.push({ key: pair, surface: pair });
      }
      continue;
    }
    const lower = word.toLowerCase().replace(/['’]s$/, '');
    if (lower.length < 4 || EN_STOPWORDS.has(lower)) continue;
    tokens.push({ key: stemEn(lower), surface: lower });
  }
  return tokens;
}
