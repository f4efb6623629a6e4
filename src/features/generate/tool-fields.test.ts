// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { toolCatalog, type ToolInfo } from '../../api/contract/tools';
import { emptyFieldValue, fieldForInput, fieldsForTool, fileAccept } from './tool-fields';

const expectedKind = (name: string) => {
  if (['image', 'video', 'media', 'reference'].includes(name) || name.endsWith('_url'))
    return 'media';
  if (name.endsWith('_urls')) return 'url-list';
  return 'text';
};

describe('fieldsForTool', () => {
  it.each(toolCatalog.map((tool) => [`${tool.endpoint} ${tool.name}`, tool] as const))(
    '%s: every required input has a required field of the kind its name asks for',
    (_, tool: ToolInfo) => {
      const fields = fieldsForTool(tool);
      for (const input of tool.requiredInputs) {
        const field = fields.find((candidate) => candidate.name === input);
        expect(field, input).toBeDefined();
        expect(field!.required).toBe(true);
        expect(field!.kind).toBe(expectedKind(input));
        expect(field!.label.length).toBeGreaterThan(0);
      }
      // Optional controls never masquerade as required, and no parameter appears twice.
      const optional = fields.filter((field) => !tool.requiredInputs.includes(field.name));
      expect(optional.every((field) => !field.required)).toBe(true);
      expect(new Set(fields.map((field) => field.name)).size).toBe(fields.length);
    },
  );

  it('offers the controls the spec names where they apply', () => {
    const byName = (endpoint: 'image' | 'video', name: string) =>
      fieldsForTool(
        toolCatalog.find((tool) => tool.endpoint === endpoint && tool.name === name)!,
      ).map((field) => field.name);
    expect(byName('video', 'generate_video_15')).toEqual(['num_frames', 'fps', 'size']);
    expect(byName('image', 'generate_image_15')).toEqual(['size', 'quality', 'seed']);
    expect(byName('video', 'generate_video_v_8_multi')).toEqual(['duration']);
    expect(byName('video', 'auto')).toEqual([]);
  });

  it('bounds the duration of generate_video_v_8_multi at 30 seconds', () => {
    const tool = toolCatalog.find((entry) => entry.name === 'generate_video_v_8_multi')!;
    expect(fieldsForTool(tool)).toEqual([
      expect.objectContaining({ kind: 'number', name: 'duration', min: 0.5, max: 30 }),
    ]);
  });

  it('takes 1 to 9 reference images for generate_video_from_refs_v_4', () => {
    const tool = toolCatalog.find((entry) => entry.name === 'generate_video_from_refs_v_4')!;
    expect(fieldsForTool(tool)).toEqual([
      expect.objectContaining({ kind: 'url-list', name: 'reference_image_urls', min: 1, max: 9 }),
    ]);
  });
});

describe('fieldForInput', () => {
  it('reads the media an input takes from its name', () => {
    expect(fieldForInput('image')).toMatchObject({ kind: 'media', accept: 'image' });
    expect(fieldForInput('video_url')).toMatchObject({ kind: 'media', accept: 'video' });
    expect(fieldForInput('audio_url')).toMatchObject({ kind: 'media', accept: 'audio' });
    expect(fieldForInput('media')).toMatchObject({ kind: 'media', accept: 'image-or-audio' });
    expect(fieldForInput('reference')).toMatchObject({ kind: 'media', accept: 'image-or-video' });
    expect(fieldForInput('mask_url')).toMatchObject({
      kind: 'media',
      accept: 'any',
      label: 'Mask URL',
    });
    expect(fieldForInput('remove_target')).toMatchObject({ kind: 'text', label: 'What to remove' });
  });

  it('starts a required list with one row and an optional one with one empty row', () => {
    expect(emptyFieldValue(fieldForInput('reference_image_urls'))).toEqual(['']);
    expect(emptyFieldValue(fieldForInput('reference_image_urls', false))).toEqual(['']);
    expect(emptyFieldValue(fieldForInput('image'))).toBe('');
  });

  it('maps what a field accepts to a file picker filter', () => {
    expect(fileAccept('image')).toBe('image/*');
    expect(fileAccept('image-or-audio')).toBe('image/*,audio/*');
  });
});
