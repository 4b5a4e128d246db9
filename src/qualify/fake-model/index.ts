export { startFakeModel, type FakeModel } from './server';
export type * from './types';
