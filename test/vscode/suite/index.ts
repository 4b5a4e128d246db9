// Entry of the in-host test suite, in the shape @vscode/test-electron expects: a module
// exporting run(), which the extension host calls once the extension under development loads.
// Runs in desktop VS Code (test/vscode/run-electron.ts) and in code-server (test/vscode/driver.ts).
//
// The extension host's console is not shown anywhere in code-server, so mocha's report also
// goes to a file: $AKK_VSCODE_REPORT, or mocha-report.txt beside this bundle. A JSON summary
// ({ passes, failures, pending, tests }) is written next to it with the suffix .json.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { format } from 'node:util';
import Mocha from 'mocha';

export function reportPaths(): { report: string; summary: string } {
  const report = process.env.AKK_VSCODE_REPORT ?? path.join(__dirname, 'mocha-report.txt');
  return { report, summary: `${report}.json` };
}

export function run(): Promise<void> {
  const { report, summary } = reportPaths();
  fs.mkdirSync(path.dirname(report), { recursive: true });
  fs.writeFileSync(report, '');
  fs.rmSync(summary, { force: true });

  const originalLog = Mocha.reporters.Base.consoleLog;
  Mocha.reporters.Base.consoleLog = (...args: unknown[]): void => {
    fs.appendFileSync(report, `${format(...args)}\n`);
    originalLog(...args);
  };
  Mocha.reporters.Base.useColors = false;

  const mocha = new Mocha({ ui: 'bdd', timeout: 60_000, color: false, reporter: 'spec', forbidOnly: true });
  const files = fs
    .readdirSync(__dirname)
    .filter((f) => f.endsWith('.test.js'))
    .sort();
  for (const f of files) mocha.addFile(path.join(__dirname, f));

  return new Promise<void>((resolve, reject) => {
    if (files.length === 0) {
      fs.appendFileSync(report, `no *.test.js files in ${__dirname}\n`);
      reject(new Error(`no test files in ${__dirname}`));
      return;
    }
    try {
      const runner = mocha.run((failures) => {
        const s = runner.stats;
        const result = {
          passes: s?.passes ?? 0,
          failures: s?.failures ?? failures,
          pending: s?.pending ?? 0,
          tests: s?.tests ?? 0,
        };
        fs.writeFileSync(summary, JSON.stringify(result));
        Mocha.reporters.Base.consoleLog = originalLog;
        if (failures > 0) reject(new Error(`${failures} in-host test(s) failed`));
        else resolve();
      });
    } catch (err) {
      fs.appendFileSync(report, `mocha failed to run: ${err instanceof Error ? err.stack : String(err)}\n`);
      Mocha.reporters.Base.consoleLog = originalLog;
      reject(err instanceof Error ? err : new Error(String(err)));
    }
  });
}
