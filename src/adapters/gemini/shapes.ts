/**
 * Gemini CLI's gated prompt shapes, named once: a version answers a prompt of one of these only once
 * its own qualification captured it (`QUALIFIED_SHAPES`). None yet: every confirmation it answers was
 * in the corpus its release history was qualified with.
 */
export const GEMINI_SHAPES = {} as const;
