/**
 * The VS Code tier after its in-host suite and UI checks: two lanes side by side, as both mostly
 * wait on clients and the browser. The agent flows on their host; beside them the other phases,
 * each on a host of its own, one after another, the longest (release day) first.
 * AKK_VSCODE_FLOWS names agent flows (agent-flows.ts) and phases: only those run (while working on
 * one of them); AKK_VSCODE_AGENT=0 leaves out everything that runs an agent.
 */
import type { Browser } from 'playwright-core';
import { runAgentFlows } from './agent-flows';
import { runEarlyStart } from './early-start';
import { runPackagedWalkthrough } from './packaged-walkthrough';
import { runReleaseDay } from './release-day';
import { runSecondLanguage } from './second-language';
import { runUnreadablePlatform } from './unreadable-platform';
import { log, type CheckResult } from './ui-support';

export interface LaneResults {
  agent: CheckResult[];
  releaseDay: CheckResult[];
  unreadable: CheckResult[];
  walkthrough: CheckResult[];
  secondLanguage: CheckResult[];
  earlyStart: CheckResult[];
}

export const emptyLanes = (): LaneResults => ({
  agent: [],
  releaseDay: [],
  unreadable: [],
  walkthrough: [],
  secondLanguage: [],
  earlyStart: [],
});

const PHASES = ['unreadable', 'release-day', 'walkthrough', 'second-language', 'early-start'];

function wanted(phase: string): boolean {
  const only = (process.env.AKK_VSCODE_FLOWS ?? '').split(',').filter(Boolean);
  return only.length === 0 || (phase === 'agent' ? only.some((n) => !PHASES.includes(n)) : only.includes(phase));
}

/** One phase: its checks, one pending when left out, one failed when it cannot run. */
async function phase(name: string, run: boolean, body: () => Promise<CheckResult[]>): Promise<CheckResult[]> {
  if (!run) return [{ name, status: 'pending' }];
  try {
    return await body();
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    log(`${name} could not run: ${detail}`);
    return [{ name, status: 'failed', detail }];
  }
}

export async function runLanes(chromium: Browser, extPath: string, scratch: string): Promise<LaneResults> {
  const agents = process.env.AKK_VSCODE_AGENT !== '0';
  const agentLane = async (): Promise<CheckResult[]> => {
    if (!agents || !wanted('agent')) {
      log('agent flows: skipped (AKK_VSCODE_AGENT=0 or AKK_VSCODE_FLOWS)');
      return [{ name: 'agent flows', status: 'pending' }];
    }
    return phase('agent flows', true, () => runAgentFlows(chromium, extPath, scratch));
  };
  const phaseLane = async (): Promise<Omit<LaneResults, 'agent'>> => {
    const releaseDay = await phase('release day', agents && wanted('release-day'), () =>
      runReleaseDay(chromium, extPath, scratch),
    );
    const unreadable = await phase('unreadable platform', wanted('unreadable'), () =>
      runUnreadablePlatform(chromium, extPath, scratch),
    );
    const walkthrough = await phase('packaged walkthrough', wanted('walkthrough'), () =>
      runPackagedWalkthrough(chromium, scratch),
    );
    const secondLanguage = await phase('second language', wanted('second-language'), () =>
      runSecondLanguage(chromium, scratch),
    );
    const earlyStart = await phase('early start', agents && wanted('early-start'), () =>
      runEarlyStart(chromium, extPath, scratch),
    );
    return { releaseDay, unreadable, walkthrough, secondLanguage, earlyStart };
  };
  const [agent, others] = await Promise.all([agentLane(), phaseLane()]);
  return { agent, ...others };
}
