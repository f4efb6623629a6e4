// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { imageTools, videoTools, type ToolInfo } from '../../api/contract/tools';
import { filterTools, groupTools } from './filter-tools';
import { sampleTools } from './test/sample-tools';

// Without auto: it has no inputs and would match nearly every query.
const tools = sampleTools.filter((tool) => tool.name !== 'auto');

const names = (list: ToolInfo[]) => list.map((tool) => tool.name);

describe('filterTools', () => {
  it('returns every tool for an empty or blank query', () => {
    expect(names(filterTools(tools, ''))).toEqual(names(tools));
    expect(names(filterTools(tools, '   '))).toEqual(names(tools));
  });

  it('matches the name, case-insensitively', () => {
    expect(names(filterTools(tools, 'EDIT_V_4'))).toEqual(['generate_video_edit_v_4']);
  });

  it('matches the capability text', () => {
    expect(names(filterTools(tools, 'cinematic'))).toEqual(['generate_video_v_8']);
  });

  it('matches the group label', () => {
    expect(names(filterTools(tools, 'from an image'))).toEqual(['generate_video_from_image_3']);
    expect(names(filterTools(tools, 'text only'))).toEqual(['generate_video_v_8']);
  });

  it('matches required input names, with or without underscores', () => {
    expect(names(filterTools(tools, 'video_url'))).toEqual(['generate_video_edit_v_4']);
    expect(names(filterTools(tools, 'url video'))).toEqual(['generate_video_edit_v_4']);
  });

  it('needs every word, in any order', () => {
    expect(names(filterTools(tools, 'animate video'))).toEqual(['generate_video_from_image_3']);
    expect(names(filterTools(tools, 'video animate'))).toEqual(['generate_video_from_image_3']);
    expect(filterTools(tools, 'animate cinematic')).toEqual([]);
  });

  it('finds nothing for an unknown word', () => {
    expect(filterTools(tools, 'banana')).toEqual([]);
  });

  it('works on the real catalogs', () => {
    expect(filterTools(videoTools, 'lip').length).toBeGreaterThan(0);
    expect(filterTools(imageTools, '').length).toBe(imageTools.length);
  });
});

describe('groupTools', () => {
  it('orders sections as toolGroups does, with their labels, leaving out empty ones', () => {
    const sections = groupTools(tools);
    expect(sections.map((section) => [section.group, section.label])).toEqual([
      ['text', 'Text only'],
      ['from-image', 'From an image'],
      ['edit', 'Edit'],
    ]);
    expect(names(sections[2]!.tools)).toEqual(['generate_video_edit_v_4']);
  });

  it('keeps every tool of the catalog exactly once', () => {
    const grouped = groupTools(videoTools).flatMap((section) => section.tools);
    expect(grouped).toHaveLength(videoTools.length);
  });
});
