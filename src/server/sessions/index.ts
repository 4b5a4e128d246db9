/** Agent terminal sessions: endpoints, the tmux backend, monitoring, identification, the registry. */
export { AgentIdentifier, identifyFile, type FileIdentification } from './agent-identity';
export {
  KEY_NAME_RE,
  notDelivered,
  type AgentProcess,
  type CaptureOptions,
  type Endpoint,
  type EndpointChange,
  type EndpointDescription,
  type EndpointIdentity,
  type PasteOptions,
  type ScreenCapture,
  type SendOptions,
} from './endpoint';
export { Emitter, type Disposable } from './events';
export {
  DEFAULT_QUIET_MS,
  ScreenMonitor,
  systemClock,
  type MonitorClock,
  type MonitorOptions,
  type MonitorSink,
  type SettledInfo,
} from './monitor';
export type { AttachedRecord, PersistedEndpoint, SessionPersistence } from './persistence';
export { ProcFs, parseProcStat, type ProcStat } from './proc';
export {
  DEFAULT_CHANGE_INTERVAL_MS,
  SessionRegistry,
  type CandidateOptions,
  type SessionRegistryOptions,
  type SettledEvent,
} from './registry';
export { Session, type Classification, type Classify, type ClassifyInput } from './session';
export { TmuxRunner, type TmuxAddress, type TmuxRunnerOptions } from './tmux/command';
export { TmuxEndpoint, type TmuxEndpointOptions } from './tmux/endpoint';
export { TmuxServer } from './tmux/server';
