/**
 * A capture is recognised once: the session's classifier, the tracker and status all ask here,
 * and a capture (an immutable screen) keeps its recognition for the agent, version and profile
 * source it was recognised as.
 */
import { recognize } from '../base/adapters';
import type { ProfileSource } from '../../adapters/agent-adapter';
import type { Recognition } from '../../adapters/types';
import type { AgentKind } from '../../shared/agents';
import type { ScreenCapture } from '../sessions';
import { snapshotOf } from '../sessions/screen-snapshot';

interface Recognised {
  agent: AgentKind;
  version: string | null;
  source: ProfileSource | undefined;
  recognition: Recognition;
}

const recognised = new WeakMap<ScreenCapture, Recognised>();

export function recognizeCapture(
  agent: AgentKind,
  version: string | null,
  capture: ScreenCapture,
  source?: ProfileSource,
): Recognition {
  const hit = recognised.get(capture);
  if (hit && hit.agent === agent && hit.version === version && hit.source === source) return hit.recognition;
  const recognition = recognize(agent, version, snapshotOf(capture), source);
  recognised.set(capture, { agent, version, source, recognition });
  return recognition;
}
