import { describe, expect, it } from 'vitest';
import { toolInfoSchema } from './tool-info';
import { imageToolInputs, videoToolInputs } from './tool-inputs';
import { imageToolNames, videoToolNames } from './tool-names';
import {
  imageTools,
  missingRequiredInputs,
  toolCatalog,
  type ToolEntry,
  videoTools,
} from './tools';

// Written from the spec's text, independently of tools.ts, so a tool dropped or misspelled
// there makes these tests fail.
const videoRequired: Record<string, string[]> = {
  generate_video_15_edit: ['video'],
  generate_video_edit_remove: ['video_url', 'remove_target'],
  generate_video_edit_v_1: ['video'],
  generate_video_edit_v_4: ['video_url'],
  generate_video_edit_v_5: ['video_url'],
  generate_video_from_image_3: ['image'],
  generate_video_from_image_6: ['reference_image_url'],
  generate_video_from_image_6_unlocked: ['reference_image_url'],
  generate_video_from_image_v1: ['image'],
  generate_video_from_image_v_3: ['image'],
  generate_video_from_image_v_4: ['image_url'],
  generate_video_from_media_v_2: ['media'],
  generate_video_from_reference_v1: ['reference'],
  generate_video_from_refs_v_4: ['reference_image_urls'],
  generate_video_from_video_and_image_1: ['image_url', 'video_url'],
  generate_video_lipsync_6: ['reference_image_url', 'audio_url'],
  generate_video_unlocked_1: ['image'],
  generate_video_v_14_multi: ['reference_video_url'],
};
const videoWithout = `auto, generate_video_10_multi, generate_video_15 (frame count, frame rate
and size controls), generate_video_3, generate_video_6, generate_video_6_unlocked,
generate_video_7x_multi, generate_video_7xxz_multi, generate_video_from_image_audio_v_3 (starting
frame plus optional style references), generate_video_from_text_v_1, generate_video_from_text_v_3
(longer durations), generate_video_from_text_v_4, generate_video_from_text_v_5 (optional audio),
generate_video_multishot (multi-scene video from one story prompt), generate_video_stacked (five
camera views of a subject), generate_video_unlocked_2, generate_video_v_11_multi,
generate_video_v_3_multi, generate_video_v_4_multi, generate_video_v_6_multi,
generate_video_v_7_multi, generate_video_v_7z_multi, generate_video_v_8_multi (up to 30 seconds
long).`;
const imageRequired: Record<string, string[]> = {
  generate_image_15_edit: ['image'],
  generate_image_7_edit: ['input_urls'],
  generate_image_edit: ['image'],
  generate_image_edit_14: ['image'],
  generate_image_edit_5: ['image'],
  generate_image_face_unlocked_1: ['image'],
};
const imageWithout = `auto, generate_image_10, generate_image_11 (text or reference images),
generate_image_12, generate_image_13, generate_image_15 (optional size, quality, seed controls),
generate_image_16, generate_image_17, generate_image_18, generate_image_5, generate_image_6,
generate_image_7, generate_image_8, generate_image_edit_pro (optional reference images),
generate_image_gram.`;

function namesOfList(text: string): string[] {
  return text
    .replace(/\([^)]*\)/g, '')
    .replace(/\.$/, '')
    .split(',')
    .map((name) => name.trim());
}

describe.each([
  { endpoint: 'video', tools: videoTools, required: videoRequired, without: videoWithout },
  { endpoint: 'image', tools: imageTools, required: imageRequired, without: imageWithout },
])('$endpoint tools catalog', ({ endpoint, tools, required, without }) => {
  const withoutNames = namesOfList(without);

  it('has exactly the tools the spec names, once each', () => {
    const expected = [...Object.keys(required), ...withoutNames].sort();
    const actual = tools.map((tool) => tool.name).sort();
    expect(actual).toEqual(expected);
    expect(new Set(actual).size).toBe(actual.length);
  });

  it('gives each tool the spec’s required inputs, and none to the others', () => {
    for (const tool of tools) {
      expect(tool.requiredInputs, tool.name).toEqual(required[tool.name] ?? []);
    }
    for (const name of withoutNames) expect(required[name]).toBeUndefined();
  });

  it('describes each tool and files it under its endpoint', () => {
    for (const tool of tools) {
      expect(toolInfoSchema.safeParse(tool).success, tool.name).toBe(true);
      expect(tool.endpoint).toBe(endpoint);
    }
  });
});

describe('tool name enums', () => {
  it('are derived from the catalog, auto first', () => {
    expect(videoToolNames.options).toEqual(videoTools.map((tool) => tool.name));
    expect(imageToolNames.options).toEqual(imageTools.map((tool) => tool.name));
    expect(videoToolNames.options[0]).toBe('auto');
    expect(imageToolNames.options[0]).toBe('auto');
  });

  it('reject the other endpoint’s tools', () => {
    expect(videoToolNames.safeParse('generate_image_15').success).toBe(false);
    expect(imageToolNames.safeParse('generate_video_15').success).toBe(false);
    expect(videoToolNames.safeParse('generate_video_15').success).toBe(true);
  });

  it('share no name across endpoints except auto', () => {
    const names = toolCatalog.map((tool) => tool.name).filter((name) => name !== 'auto');
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('optional controls the spec names', () => {
  const byName = new Map<string, ToolEntry>(toolCatalog.map((tool) => [tool.name, tool]));
  const controls = (name: string) => {
    const tool = byName.get(name);
    return tool && 'controls' in tool ? tool.controls : undefined;
  };
  const limits = (name: string) => {
    const tool = byName.get(name);
    return tool && 'limits' in tool ? tool.limits : undefined;
  };

  it('records them in the spec’s words', () => {
    expect(controls('generate_video_15')).toEqual(['frame count', 'frame rate', 'size']);
    expect(controls('generate_image_15')).toEqual(['size', 'quality', 'seed']);
    expect(controls('generate_video_from_text_v_5')).toEqual(['audio']);
    expect(controls('generate_image_edit_pro')).toEqual(['reference images']);
    expect(controls('generate_image_11')).toEqual(['reference images']);
  });

  it('records the numeric limits', () => {
    expect(limits('generate_video_v_8_multi')).toEqual({ maxDurationSeconds: 30 });
    expect(limits('generate_video_from_refs_v_4')).toEqual({
      minReferenceImages: 1,
      maxReferenceImages: 9,
    });
  });
});

describe('missingRequiredInputs', () => {
  it('lists every required input that is absent', () => {
    expect(missingRequiredInputs('generate_video_edit_remove', {})).toEqual([
      'video_url',
      'remove_target',
    ]);
    expect(missingRequiredInputs('generate_video_edit_remove', undefined)).toEqual([
      'video_url',
      'remove_target',
    ]);
    expect(
      missingRequiredInputs('generate_video_edit_remove', { video_url: 'https://x.test/v.mp4' }),
    ).toEqual(['remove_target']);
  });

  it('treats null, blank strings and empty lists as absent', () => {
    expect(missingRequiredInputs('generate_image_edit', { image: null })).toEqual(['image']);
    expect(missingRequiredInputs('generate_image_edit', { image: '  ' })).toEqual(['image']);
    expect(missingRequiredInputs('generate_image_7_edit', { input_urls: [] })).toEqual([
      'input_urls',
    ]);
  });

  it('returns nothing when all inputs are given, or the tool needs none', () => {
    expect(
      missingRequiredInputs('generate_video_lipsync_6', {
        reference_image_url: 'a',
        audio_url: 'b',
      }),
    ).toEqual([]);
    expect(missingRequiredInputs('auto', {})).toEqual([]);
    expect(missingRequiredInputs(undefined, {})).toEqual([]);
    expect(missingRequiredInputs('not_a_tool', {})).toEqual([]);
  });

  it('does not take inherited properties for inputs', () => {
    const parameters = Object.create({ image: 'https://x.test/i.png' }) as Record<string, unknown>;
    expect(missingRequiredInputs('generate_image_edit', parameters)).toEqual(['image']);
  });
});

describe('tool inputs and the UI catalog', () => {
  it('name the same tools, in the same order', () => {
    expect(videoTools.map((tool) => tool.name)).toEqual(Object.keys(videoToolInputs));
    expect(imageTools.map((tool) => tool.name)).toEqual(Object.keys(imageToolInputs));
  });
});
