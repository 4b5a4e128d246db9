export { startFakeModel, extractToolResults, extractUserTexts, type FakeModel } from './server';
export type * from './types';
