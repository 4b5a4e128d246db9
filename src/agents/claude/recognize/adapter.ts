/** Claude Code's adapter: its profile generations, the versions qualified for each, and what each proves. */
import { defineAdapter } from '../../../adapters/agent-adapter';
import { proveClaudeComposer } from './composer';
import { DIFFERING_VERSIONS, QUALIFIED_RENDERINGS, QUALIFIED_SHAPES, QUALIFIED_VERSIONS } from './qualified-versions';
import { claudeActivity, claudeActivityFile } from './own-activity';
import { claudeWordAnswer, claudeWordDiffers, claudeWordReceipts, claudeWordSteps } from './own-word';
import { CLAUDE_GENERATIONS } from './profile';
import { readPlanFeedback } from './plan-approval';
import { readFreeTextEditor } from './questionnaire';
import { recognizeClaude } from './recognize';
import { CLAUDE_SHAPES } from './shapes';

export const claudeAdapter = defineAdapter('claude', {
  generations: CLAUDE_GENERATIONS,
  versions: QUALIFIED_VERSIONS,
  shapes: QUALIFIED_SHAPES,
  renderings: QUALIFIED_RENDERINGS,
  differing: DIFFERING_VERSIONS,
  gatedShapes: Object.values(CLAUDE_SHAPES),
  timing: {
    // Claude Code drops keys in the first ~150 ms after it paints a dialog, and finishes redrawing
    // around a new one within that; a pasted message takes its Enter once the paste has settled.
    quietBeforeKey: 300,
    quietBeforeOffer: 300,
    enterAfterPaste: 300,
  },
  recognize: recognizeClaude,
  readEditor: (screen, profile) => readFreeTextEditor(screen, profile) ?? readPlanFeedback(screen, profile),
  proveEmptyComposer: proveClaudeComposer,
  ownWordDiffers: claudeWordDiffers,
  wordSteps: claudeWordSteps,
  wordAnswer: claudeWordAnswer,
  wordReceipts: claudeWordReceipts,
  activityFile: claudeActivityFile,
  activity: claudeActivity,
});
