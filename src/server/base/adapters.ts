/**
 * The server's one door to the pure recognition core (src/adapters): every function of it the
 * server calls passes through here, so what the server may ask of recognition is one list. Types
 * may be imported from the adapters anywhere; values only from here (the structure check holds it).
 */
export {
  activityFileOf,
  activityOf,
  nearestQualifiedVersion,
  ownWordDiffers,
  proveEmptyComposer,
  readEditor,
  recognize,
  recordedDiffering,
  timingOf,
  unqualifiedVersionNote,
  versionQualified,
  wordAnswerOf,
  wordReceiptsOf,
  wordStepsOf,
} from '../../adapters/recognize';
export { assembleList, everyRowSeen, listTotal, sameList } from '../../adapters/list-window';
export { displayWidth } from '../../adapters/screen';
export { maskCredentials } from '../../adapters/secrets';
