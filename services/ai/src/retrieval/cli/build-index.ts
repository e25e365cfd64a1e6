#!/usr/bin/env node
// `npm run rag:build -- --input <dir> --output <file>`: see build-index-command.ts.
import { buildIndexCommand } from '../build-index-command.js';

const code = await buildIndexCommand(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  // npm runs scripts from the package root; paths are meant relative to where the user typed.
  cwd: process.env.INIT_CWD ?? process.cwd(),
});
process.exitCode = code;
