/**
 * A capture is recognised once: the session's classifier, the tracker and status all ask here,
 * and a capture (an immutable screen) keeps its recognition for the agent and version it was
 * recognised as.
 */
import { recognize } from '../base/adapters';
import type { Recognition } from '../../adapters/types';
import type { AgentKind } from '../../shared/agents';
import type { ScreenCapture } from '../sessions';
import { snapshotOf } from '../sessions/screen-snapshot';

const recognised = new WeakMap<ScreenCapture, { agent: AgentKind; version: string | null; recognition: Recognition }>();

export function recognizeCapture(agent: AgentKind, version: string | null, capture: ScreenCapture): Recognition {
  const hit = recognised.get(capture);
  if (hit && hit.agent === agent && hit.version === version) return hit.recognition;
  const recognition = recognize(agent, version, snapshotOf(capture));
  recognised.set(capture, { agent, version, recognition });
  return recognition;
}
