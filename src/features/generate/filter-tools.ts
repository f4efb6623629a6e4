import { toolGroupLabels, toolGroups, type ToolInfo } from '../../api/contract/tools';

type ToolGroup = (typeof toolGroups)[number];

export interface ToolSection<T extends ToolInfo = ToolInfo> {
  group: ToolGroup;
  label: string;
  tools: T[];
}

/**
 * Everything a search may match. Names are also given with spaces for underscores, so
 * "video edit" and "video_edit" both find `generate_video_edit_v_4`.
 */
function searchText(tool: ToolInfo): string {
  return [
    tool.name,
    tool.name.replaceAll('_', ' '),
    tool.capability,
    toolGroupLabels[tool.group],
    ...tool.requiredInputs,
    ...tool.requiredInputs.map((input) => input.replaceAll('_', ' ')),
  ]
    .join(' ')
    .toLowerCase();
}

/**
 * The tools matching every word of `query` (case-insensitive, any order) in their name,
 * capability, group label or required input names. An empty query matches everything.
 */
export function filterTools<T extends ToolInfo>(tools: readonly T[], query: string): T[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...tools];
  return tools.filter((tool) => {
    const text = searchText(tool);
    return words.every((word) => text.includes(word));
  });
}

/** Tools split into picker sections in `toolGroups` order; empty sections are left out. */
export function groupTools<T extends ToolInfo>(tools: readonly T[]): ToolSection<T>[] {
  return toolGroups
    .map((group) => ({
      group,
      label: toolGroupLabels[group],
      tools: tools.filter((tool) => tool.group === group),
    }))
    .filter((section) => section.tools.length > 0);
}
