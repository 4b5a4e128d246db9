/**
 * MCP user verification (Codex 0.155.1+): completing it needs the user in person (a platform
 * authenticator), so AKK reports it as blocked and never offers it as approvable. The prompt was
 * not reachable with a fake model; any screen naming it in the bottom pane is manual.
 */
import { bottomLine } from '../../../adapters/screen';
import type { ManualRecognition, ScreenSnapshot } from '../../../adapters/types';
import { manual } from '../../../adapters/types';
import { line } from './frame';

const SIGNS = [/user verification/i, /verify it'?s you/i];

export function recognizeUserVerification(s: ScreenSnapshot): ManualRecognition | undefined {
  const bottom = bottomLine(s);
  for (let i = bottom; i >= Math.max(0, bottom - 20); i--) {
    if (SIGNS.some((re) => re.test(line(s, i)))) {
      return manual(
        'Codex is asking for MCP user verification: only you can complete it, in the terminal (AKK never approves it)',
      );
    }
  }
  return undefined;
}
