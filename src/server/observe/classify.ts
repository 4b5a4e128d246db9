/** The session state a screen proves, for the session layer: the adapters' recognition, summarised. */
import type { Classification, Classify } from '../sessions';
import { recognizeCapture } from './recognition';

export const classifyScreen: Classify = ({ agent, version, capture, source }): Classification => {
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
