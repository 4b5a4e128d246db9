// Codex's start-up screens that only the person may answer (an update offer, folder trust, a model
// migration), each left in place by its `Workspace.startup` name (see launch.ts), captured, then
// answered by the harness with keys as the person would, then the idle composer and a turn.
import { AFTER, FOLLOW_UP, type DriveStep, type NamedScenario } from '../../../qualify/scenario-types';

/** The idle composer once the start-up screens are answered: the status line names the model. */
const IDLE: DriveStep = {
  state: 'idle',
  until: { all: ['›'], any: ['gpt-5.1-codex default ·', 'GPT-5.6-Sol default ·'] },
  then: [{ prompt: 'go' }],
  shapes: ['idle'],
};

/** One start-up screen: its `Workspace.startup` name, what it is, a text it shows, the keys the person answers with. */
interface StartupStep {
  name: string;
  what: string;
  shows: string;
  keys: string[];
}

function startup(screen: StartupStep): NamedScenario {
  return {
    name: `codex-startup-${screen.name}`,
    agent: 'codex',
    description: `The start-up screen ${screen.what}, answered in the terminal.`,
    workspace: { startup: [screen.name] },
    turns: [{ kind: 'text', text: FOLLOW_UP }],
    steps: [
      {
        state: `startup-${screen.name}`,
        until: { all: [screen.shows] },
        then: [{ keys: screen.keys }],
        shapes: ['startup'],
      },
      IDLE,
      AFTER,
    ],
  };
}

// The cursor starts on "Update now", which would run npm: Down to "Skip", then Enter.
const UPDATE: StartupStep = {
  name: 'update',
  what: 'offering an update',
  shows: 'Update available ·',
  keys: ['Down', 'Enter'],
};
// The cursor starts on "Trust and continue": Enter trusts the folder.
const TRUST: StartupStep = {
  name: 'trust',
  what: 'asking to trust the folder',
  shows: 'Folder access',
  keys: ['Enter'],
};
// The cursor starts on "Try new model": Down to "Use existing model", then Enter keeps the configured one.
const MIGRATION: StartupStep = {
  name: 'model-migration',
  what: 'offering the successor of the configured model',
  shows: 'Use existing model',
  keys: ['Down', 'Enter'],
};

export const CODEX_STARTUP_SCENARIOS: NamedScenario[] = [startup(UPDATE), startup(TRUST), startup(MIGRATION)];
