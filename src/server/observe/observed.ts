/**
 * What the tracker makes of one screen (an observation), what it is given, and how a screen without
 * a prompt is named.
 */
import type { NotificationName, NotificationParamsMap } from '../../shared/protocol';
import type { Recognition } from '../../adapters/types';
import type { Logger } from '../base/logging';
import { fingerprintOf } from '../base/digest';
import type { Interaction, Store } from '../store';
import type { ScrolledLists } from '../step/scrolled-lists';

/** What a screen stands for while its scrolled list is read. */
export const READING_LIST =
  'reading the options out of sight: the cursor moves down the list and back, one row at a time';

export interface Observed {
  recognition: Recognition;
  fingerprint: string | null;
  interaction: Interaction | undefined;
  /** The step the person chose to answer in the terminal, while its exact prompt is on screen. */
  dismissed?: Interaction;
  /** The prompt on screen is exactly one already answered (or left uncertain): never offered again. */
  fenced?: boolean;
  /** The session revision this observation was made at, when it changed the store. */
  revision?: number;
}

export interface TrackerDeps {
  store: Store;
  log: Logger;
  /** Sends a notification; resolves once it is written to the connection. */
  send<K extends NotificationName>(name: K, params: NotificationParamsMap[K]): Promise<void>;
  /** The deployment lets a language model read words as answers to low-risk steps. */
  allowLowRiskText?: boolean;
  /** What each session's screens showed of a scrolled list (its reader, in respond/, shares it). */
  lists: ScrolledLists;
}

/** The revision fingerprint of a screen without an exact prompt. */
export function screenRevision(r: Recognition): string {
  if (r.kind === 'manual_required') return `manual:${fingerprintOf(r.reason)}`;
  return 'none';
}
