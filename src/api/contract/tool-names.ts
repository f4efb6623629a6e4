import { z } from './zod';
import { imageToolInputs, videoToolInputs } from './tool-inputs';

/** The keys of a tool list, typed as z.enum wants them: at least one, in the list's order. */
type Names<T> = [keyof T & string, ...(keyof T & string)[]];

/** `tool` of POST /v1/video/generate. `.options` lists the names, `auto` first. */
export const videoToolNames = z.enum(
  Object.keys(videoToolInputs) as Names<typeof videoToolInputs>,
  {
    error: 'tool must be auto or one of the video tools (see the tools catalog)',
  },
);
/** `tool` of POST /v1/image/generate. */
export const imageToolNames = z.enum(
  Object.keys(imageToolInputs) as Names<typeof imageToolInputs>,
  {
    error: 'tool must be auto or one of the image tools (see the tools catalog)',
  },
);
export type VideoToolName = z.infer<typeof videoToolNames>;
export type ImageToolName = z.infer<typeof imageToolNames>;
