/**
 * The session state a screen proves, for the session layer: the adapters' recognition, summarised,
 * with the agent's own word where the screen alone says too little (own-activity.ts).
 */
import type { Classification, Classify } from '../sessions';
import { versionQualified } from '../base/adapters';
import { recognizeCapture } from './recognition';
import { readOwnActivity, withOwnActivity } from './own-activity';

const screenClass: Classify = ({ agent, version, capture, source }): Classification => {
  const r = recognizeCapture(agent, version, capture, source);
  switch (r.kind) {
    case 'questionnaire':
      // An async question is asked while the agent keeps working on its turn.
      return { state: r.asyncDelivery ? 'working' : 'waiting_input', detail: r.kind };
    case 'permission':
      return { state: 'waiting_input', detail: r.kind };
    case 'manual_required':
      // A scrolled list's window: the agent waits on a question whose rows out of sight are read.
      if (r.window) return { state: 'waiting_input', detail: 'questionnaire' };
      return { state: 'manual_required', detail: r.reason };
    case 'activity':
      return { state: r.state };
  }
};

export const classifyScreen: Classify = (input): Classification => {
  const screen = screenClass(input);
  // The agent's record is read only where the screen says idle or nothing, or where it cannot
  // prove anything at all (a release not qualified here: every screen is manual).
  const unproven = screen.state === 'manual_required' && !versionQualified(input.agent, input.version, input.source);
  if (input.pid === undefined || !(screen.state === 'idle' || screen.state === 'unknown' || unproven)) return screen;
  return withOwnActivity(screen, input.agent, readOwnActivity(input.agent, input.pid));
};
