import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { MediaAccept } from '../tool-fields';
import { MediaInput, type MediaLoadState } from './media-input';
import { UrlListInput } from './url-list-input';

type Upload = (
  file: File,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
) => Promise<string>;

/** An upload the test settles by hand, like a slow network would. */
function manualUpload() {
  const calls: {
    file: File;
    onProgress: (fraction: number) => void;
    signal: AbortSignal;
    resolve: (url: string) => void;
    reject: (error: Error) => void;
  }[] = [];
  const upload = vi.fn<Upload>(
    (file, onProgress, signal) =>
      new Promise<string>((resolve, reject) => {
        calls.push({ file, onProgress, signal, resolve, reject });
      }),
  );
  return { upload, calls };
}

function setup({
  accept = 'image',
  label = 'Image',
  initial = '',
  upload = vi.fn<Upload>(),
  required = true,
  hint,
  error,
}: {
  accept?: MediaAccept;
  label?: string;
  initial?: string;
  upload?: Upload;
  required?: boolean;
  hint?: string;
  error?: string;
} = {}) {
  const onLoadState = vi.fn<(state: MediaLoadState) => void>();
  function Harness() {
    const [value, setValue] = useState(initial);
    return (
      <MediaInput
        field={{ name: 'image', label, required, accept, hint }}
        value={value}
        onChange={setValue}
        error={error}
        upload={upload}
        onLoadState={onLoadState}
      />
    );
  }
  render(<Harness />);
  return {
    user: userEvent.setup(),
    onLoadState,
    input: screen.getByRole('textbox', { name: label }),
    lastState: () => onLoadState.mock.lastCall?.[0],
  };
}

const png = () => new File(['png'], 'cat.png', { type: 'image/png' });

describe('MediaInput', () => {
  it('labels the URL field, marks it required and ties hint and error to it', () => {
    const { input } = setup({ hint: 'A still to animate.', error: 'Image is required' });
    expect(input).toHaveAttribute('type', 'url');
    expect(input).toHaveAttribute('aria-required', 'true');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('A still to animate. Image is required');
    expect(screen.getByText('(required)')).toBeInTheDocument();
    expect(screen.getByLabelText('Image file')).toHaveAttribute('accept', 'image/*');
    expect(screen.getByRole('button', { name: 'Upload a file for Image' })).toHaveTextContent(
      'Upload a file instead',
    );
  });

  it('previews a typed URL after a pause, then reports it loaded', async () => {
    const { user, input, onLoadState, lastState } = setup();
    expect(lastState()).toBe('empty');
    await user.type(input, 'https://cdn.example.com/cat.png');
    // Still debouncing: no request per keystroke.
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(lastState()).toBe('checking');

    const img = await screen.findByRole('img', { name: 'Preview of Image' });
    expect(img).toHaveAttribute('src', 'https://cdn.example.com/cat.png');
    fireEvent.load(img);
    expect(lastState()).toBe('loaded');
    expect(onLoadState.mock.calls.map(([state]) => state)).toEqual(['empty', 'checking', 'loaded']);
  });

  it('reports a URL that does not load and says so', async () => {
    const { user, input, lastState } = setup();
    await user.type(input, 'https://cdn.example.com/missing.png');
    fireEvent.error(await screen.findByRole('img', { name: 'Preview of Image' }));

    expect(lastState()).toBe('failed');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This URL does not load as an image; check it or upload the file instead.',
    );
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(/does not load as an image/);
  });

  it('previews video and audio fields with their own elements', () => {
    setup({ accept: 'video', label: 'Video', initial: 'https://cdn.example.com/clip' });
    const video = screen.getByLabelText('Preview of Video', { selector: 'video' });
    expect(video).toHaveProperty('muted', true);
    expect(video).toHaveAttribute('preload', 'metadata');
  });

  it('tries the other kinds a field allows when the first does not load', () => {
    const { lastState } = setup({
      accept: 'image-or-audio',
      label: 'Media',
      initial: 'https://cdn.example.com/media/123',
    });
    fireEvent.error(screen.getByRole('img', { name: 'Preview of Media' }));
    const audio = screen.getByLabelText('Preview of Media', { selector: 'audio' });
    expect(lastState()).toBe('checking');
    fireEvent(audio, new Event('loadedmetadata'));
    expect(lastState()).toBe('loaded');
  });

  it('picks the kind from the extension when two are allowed', () => {
    setup({ accept: 'image-or-video', label: 'Reference', initial: 'https://x.example/a.mp4' });
    expect(screen.getByLabelText('Preview of Reference', { selector: 'video' })).toBeVisible();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('never previews a javascript: URL', async () => {
    const { user, input, lastState } = setup();
    await user.type(input, 'javascript:alert(1)');
    expect(await screen.findByText('Enter an http(s) URL.')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(document.querySelector('img, video, audio')).toBeNull();
    // Reported once the typing pause is over, which a busy machine can stretch.
    await waitFor(() => expect(lastState()).toBe('failed'));
    expect(document.querySelector('img, video, audio')).toBeNull();
  });

  it('uploads a file with progress and fills in the URL it is served at', async () => {
    const { upload, calls } = manualUpload();
    const { user, input, lastState } = setup({ upload });
    await user.upload(screen.getByLabelText('Image file'), png());

    expect(upload).toHaveBeenCalledWith(
      expect.any(File),
      expect.any(Function),
      expect.any(AbortSignal),
    );
    expect(calls[0]!.file.name).toBe('cat.png');
    const progress = screen.getByRole('progressbar', { name: 'Uploading cat.png' });
    expect(progress).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByRole('button', { name: 'Upload a file for Image' })).toBeDisabled();

    act(() => calls[0]!.onProgress(0.42));
    expect(progress).toHaveAttribute('aria-valuenow', '42');

    await act(async () => calls[0]!.resolve('https://files.example.com/u/f_1'));
    expect(input).toHaveValue('https://files.example.com/u/f_1');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    // Previewed at once, and as an image although the URL has no extension.
    const img = screen.getByRole('img', { name: 'Preview of Image' });
    fireEvent.load(img);
    expect(lastState()).toBe('loaded');
  });

  it('keeps the file after a failed upload so Retry sends it again', async () => {
    const { upload, calls } = manualUpload();
    const { user, input } = setup({ upload });
    const file = png();
    await user.upload(screen.getByLabelText('Image file'), file);
    await act(async () => calls[0]!.reject(new Error('The connection dropped.')));

    expect(screen.getByRole('alert')).toHaveTextContent(
      'Uploading cat.png failed: The connection dropped.',
    );
    await user.click(screen.getByRole('button', { name: 'Retry upload' }));
    expect(upload).toHaveBeenCalledTimes(2);
    expect(calls[1]!.file).toBe(calls[0]!.file);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await act(async () => calls[1]!.resolve('https://files.example.com/u/f_2'));
    expect(input).toHaveValue('https://files.example.com/u/f_2');
  });

  it('cancels an upload without reporting an error', async () => {
    const { upload, calls } = manualUpload();
    const { user, input } = setup({ upload });
    await user.upload(screen.getByLabelText('Image file'), png());
    await user.click(screen.getByRole('button', { name: 'Cancel upload for Image' }));

    expect(calls[0]!.signal.aborted).toBe(true);
    await act(async () => calls[0]!.reject(new Error('aborted')));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(input).toHaveValue('');
  });
});

describe('UrlListInput', () => {
  const field = {
    name: 'reference_image_urls',
    label: 'Reference image URLs',
    required: true,
    accept: 'image' as const,
    min: 1,
    max: 3,
  };

  function setupList(initial: string[] = ['']) {
    const onLoadState = vi.fn<(index: number, state: MediaLoadState) => void>();
    const onChange = vi.fn<(urls: string[]) => void>();
    function Harness() {
      const [value, setValue] = useState(initial);
      return (
        <UrlListInput
          field={field}
          value={value}
          onChange={(urls) => {
            onChange(urls);
            setValue(urls);
          }}
          upload={vi.fn<Upload>()}
          onLoadState={onLoadState}
        />
      );
    }
    render(<Harness />);
    return { user: userEvent.setup(), onChange, onLoadState };
  }

  it('adds rows up to the maximum and counts them', async () => {
    const { user, onChange } = setupList();
    const add = screen.getByRole('button', { name: 'Add image' });
    expect(screen.getByText('1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Reference image URLs 1' })).toBeDisabled();

    await user.click(add);
    await user.click(add);
    expect(onChange).toHaveBeenLastCalledWith(['', '', '']);
    expect(screen.getByRole('textbox', { name: 'Reference image URLs 3' })).toBeInTheDocument();
    expect(screen.getByText('3 of 3')).toBeInTheDocument();
    expect(add).toBeDisabled();
    expect(screen.getByLabelText('Reference image URLs 2 file')).toBeInTheDocument();
  });

  it('removes a row and keeps the others with their previews', async () => {
    const { user, onChange, onLoadState } = setupList([
      'https://x.example/a.png',
      'https://x.example/b.png',
    ]);
    fireEvent.load(screen.getByRole('img', { name: 'Preview of Reference image URLs 2' }));
    expect(onLoadState).toHaveBeenLastCalledWith(1, 'loaded');

    await user.click(screen.getByRole('button', { name: 'Remove Reference image URLs 1' }));
    expect(onChange).toHaveBeenLastCalledWith(['https://x.example/b.png']);
    expect(screen.getByRole('textbox', { name: 'Reference image URLs 1' })).toHaveValue(
      'https://x.example/b.png',
    );
    // The row that moved up reports its state under its new index.
    expect(onLoadState).toHaveBeenCalledWith(0, 'loaded');
    expect(onLoadState).toHaveBeenCalledWith(1, 'empty');
    expect(screen.getByRole('img', { name: 'Preview of Reference image URLs 1' })).toHaveAttribute(
      'src',
      'https://x.example/b.png',
    );
  });

  it('edits one row at a time', async () => {
    const { user, onChange } = setupList(['https://x.example/a.png', '']);
    await user.type(screen.getByRole('textbox', { name: 'Reference image URLs 2' }), 'h');
    expect(onChange).toHaveBeenLastCalledWith(['https://x.example/a.png', 'h']);
  });
});
