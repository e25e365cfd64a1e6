// Regenerates the golden images the tests compare against. Run only after a deliberate visual change,
// and look at the new PNGs before committing them: node scripts/update-goldens.mjs
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { goldenCases } from '../dist/fixtures/goldens.js';
import { renderSolverFigure } from '../dist/index.js';

const dir = join(dirname(fileURLToPath(import.meta.url)), '../test/golden');
await mkdir(dir, { recursive: true });
for (const c of goldenCases()) {
  // stored at maximum compression: the pixels are what the test compares, not the bytes
  const png = await sharp(await renderSolverFigure(c.solver, c.params, c.output, c.options, 'png'))
    .png({ compressionLevel: 9, adaptiveFiltering: true })
    .toBuffer();
  await writeFile(join(dir, `${c.name}.png`), png);
  console.log(`wrote test/golden/${c.name}.png (${Math.round(png.length / 1024)} KB)`);
}
