/** A terminal capture as the pure adapters see it. */
import type { ScreenSnapshot } from '../../adapters/types';
import type { ScreenCapture } from './endpoint';

function lines(text: string, rows: number): string[] {
  const l = text.split('\n');
  if (l.length > rows && l[l.length - 1] === '') l.pop();
  return l;
}

export function snapshotOf(capture: ScreenCapture): ScreenSnapshot {
  return {
    plain: lines(capture.text, capture.rows),
    ...(capture.styled !== undefined ? { styled: lines(capture.styled, capture.rows) } : {}),
    cols: capture.cols,
    rows: capture.rows,
  };
}
