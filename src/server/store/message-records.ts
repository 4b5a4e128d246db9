/**
 * Domain types of the messages the store records: managed sends (`akk/respond`) and the messages
 * that follow a step. Neither keeps a message's text once it has left the queue.
 */

/** A managed send (`akk/respond`): `sending` is on disk before the paste. */
export type SendStatus = 'sending' | 'sent' | 'uncertain';
export const SEND_STATUSES: readonly SendStatus[] = ['sending', 'sent', 'uncertain'];

export interface NewSend {
  /** The caller's request id: the same id is never pasted twice. */
  id: string;
  sessionId: string;
  turnId: string | null;
  /** Digest and length of the message; the text itself is never stored. */
  textDigest: string;
  textLength: number;
}

export interface Send extends NewSend {
  status: SendStatus;
  createdAt: number;
  updatedAt: number;
}

/**
 * A message that follows a step (a reason with a rejection, words sent with a click): `queued`
 * with its text, on disk before the step's first key; the text is erased once it leaves the queue.
 */
export type FollowUpStatus = 'queued' | 'sent' | 'uncertain' | 'dropped';

export interface NewFollowUp {
  id: string;
  sessionId: string;
  interactionId: string;
  text: string;
}

export interface FollowUp {
  id: string;
  sessionId: string;
  interactionId: string;
  status: FollowUpStatus;
  /** Present only while queued. */
  text: string | null;
  textDigest: string;
  textLength: number;
  reason: string | null;
  createdAt: number;
  updatedAt: number;
}
