// The entry of the qualification runner the extension ships, dist/qualify-runner.js (scripts/build.mjs,
// which turns off the command-line entries of the other bundled modules, so that only this one runs).
import { localCommand } from './local-main';

localCommand(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`qualify: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(2);
  },
);
