import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sampleTools } from '../test/sample-tools';
import { ToolPicker } from './tool-picker';

// jsdom has no ResizeObserver; Headless UI watches the input with one when the list closes.
beforeAll(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterAll(() => {
  vi.unstubAllGlobals();
});

const tools = sampleTools;

function setup(initial = 'auto') {
  const onChange = vi.fn();
  function Harness() {
    const [value, setValue] = useState(initial);
    return (
      <ToolPicker
        tools={tools}
        value={value}
        onChange={(name) => {
          onChange(name);
          setValue(name);
        }}
      />
    );
  }
  render(<Harness />);
  return {
    user: userEvent.setup(),
    onChange,
    input: screen.getByRole('combobox', { name: 'Tool' }),
  };
}

describe('ToolPicker', () => {
  it('shows the selected tool and what it needs while closed', () => {
    setup('generate_video_edit_v_4');
    const input = screen.getByRole('combobox', { name: 'Tool' });
    expect(input).toHaveValue('generate_video_edit_v_4');
    expect(input).toHaveAccessibleDescription(/Text-guided edit of a video/);
    expect(input).toHaveAccessibleDescription(/Needs:\s*video_url/);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('lists the options under group headings in catalog order', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Show all tools' }));
    const groups = within(screen.getByRole('listbox')).getAllByRole('group');
    expect(groups).toHaveLength(4);
    expect(groups.map((group) => within(group).getByRole('presentation').textContent)).toEqual([
      'Automatic',
      'Text only',
      'From an image',
      'Edit',
    ]);
    expect(screen.getByRole('group', { name: 'Edit' })).toContainElement(
      screen.getByRole('option', { name: /generate_video_edit_v_4/ }),
    );
    // Headings are not options.
    expect(screen.getAllByRole('option')).toHaveLength(4);
    const edit = screen.getByRole('option', { name: /generate_video_edit_v_4/ });
    expect(edit).toHaveTextContent('Needs:video_url');
    expect(screen.getByRole('option', { name: /generate_video_v_8/ })).toHaveTextContent(
      'No extra inputs',
    );
  });

  it.each([
    ['words in any order', 'image animate', 'generate_video_from_image_3'],
    ['input names, case-insensitively', 'VIDEO_URL', 'generate_video_edit_v_4'],
    ['the capability', 'cinematic', 'generate_video_v_8'],
    ['the group label', 'from an', 'generate_video_from_image_3'],
  ])('filters by typing: %s', async (_, query, expected) => {
    const { user, input } = setup();
    await user.clear(input);
    await user.type(input, query);
    const options = screen.getAllByRole('option');
    expect(options).toHaveLength(1);
    expect(options[0]).toHaveAccessibleName(new RegExp(`^${expected}`));
    expect(screen.getAllByRole('group')).toHaveLength(1);
  });

  it('says when nothing matches', async () => {
    const { user, input } = setup();
    await user.clear(input);
    await user.type(input, 'banana');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('No tool matches “banana”.')).toBeInTheDocument();
  });

  it('calls onChange with the clicked tool and shows its name when closed', async () => {
    const { user, input, onChange } = setup();
    await user.click(screen.getByRole('button', { name: 'Show all tools' }));
    await user.click(screen.getByRole('option', { name: /generate_video_v_8/ }));
    expect(onChange).toHaveBeenCalledWith('generate_video_v_8');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(input).toHaveValue('generate_video_v_8');
    expect(input).toHaveAccessibleDescription(/Cinematic clips from a prompt\. No extra inputs/);
  });

  it('selects with the keyboard: ArrowDown then Enter', async () => {
    const { user, input, onChange } = setup();
    await user.click(input);
    await user.keyboard('{ArrowDown}');
    // Opens on the current tool; the next ArrowDown moves to the first tool of the next group.
    const active = () => document.getElementById(input.getAttribute('aria-activedescendant') ?? '');
    await waitFor(() => expect(active()).toHaveAccessibleName(/^auto/));
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(active()).toHaveAccessibleName(/^generate_video_v_8/));
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith('generate_video_v_8');
    expect(input).toHaveValue('generate_video_v_8');
  });

  it('selects a filtered option with ArrowDown then Enter', async () => {
    const { user, input, onChange } = setup();
    await user.clear(input);
    await user.type(input, 'edit');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenCalledWith('generate_video_edit_v_4');
    expect(input).toHaveValue('generate_video_edit_v_4');
  });

  it('keeps the previous tool when closed without choosing', async () => {
    const { user, input, onChange } = setup('generate_video_v_8');
    await user.clear(input);
    await user.type(input, 'edit');
    await user.keyboard('{Escape}');
    expect(onChange).not.toHaveBeenCalled();
    expect(input).toHaveValue('generate_video_v_8');
  });
});
