/** Agent terminal sessions: endpoints, the tmux backend, monitoring, identification, the registry. */
export { notDelivered, type ScreenCapture, type SettledCapture } from './endpoint';
export { DEFAULT_QUIET_MS } from './monitor';
export type { AttachedRecord, SessionPersistence } from './persistence';
export { SessionRegistry } from './registry';
export { Session, type Classification, type Classify } from './session';
export { TmuxServer } from './tmux/server';
