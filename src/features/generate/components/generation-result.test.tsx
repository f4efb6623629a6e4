import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { GenerationResult } from './generation-result';

const origin = window.location.origin;

const emulatorImages = {
  id: 'gen_1',
  tool: 'generate_image_5',
  status: 'completed',
  prompt: 'a red fox in snow',
  created_at: '2025-01-01T00:00:00Z',
  outputs: [
    { url: '/media/gen_1-0.png', content_type: 'image/png', width: 1024, height: 768 },
    { url: '/media/gen_1-1.png', content_type: 'image/png', width: 512, height: 512 },
  ],
};

describe('GenerationResult', () => {
  it('renders the emulator images as lazy thumbnails with sizes and Download links', () => {
    render(<GenerationResult data={emulatorImages} label="Image generation" />);
    const first = screen.getByAltText('Image generation image 1');
    expect(first).toHaveAttribute('src', `${origin}/media/gen_1-0.png`);
    expect(first).toHaveAttribute('loading', 'lazy');
    expect(screen.getByAltText('Image generation image 2')).toBeInTheDocument();
    expect(screen.getByText('1024 × 768')).toBeInTheDocument();
    expect(screen.getByText('512 × 512')).toBeInTheDocument();

    const download = screen.getByRole('link', { name: 'Download Image generation image 2' });
    expect(download).toHaveAttribute('href', `${origin}/media/gen_1-1.png`);
    expect(download).toHaveAttribute('download', 'gen_1-1.png');

    // The rest is there as text, collapsed because the media already shows the result.
    const details = screen.getByText('Response data').closest('details');
    expect(details).not.toHaveAttribute('open');
    expect(details).toHaveTextContent('"tool": "generate_image_5"');
    expect(details).not.toHaveTextContent('gen_1-0.png');
  });

  it('opens a thumbnail full size in a dialog with Download, steps with arrows, closes', async () => {
    const user = userEvent.setup();
    render(<GenerationResult data={emulatorImages} label="Image generation" />);
    await user.click(
      screen.getByRole('button', { name: 'View Image generation image 1 full size' }),
    );

    let dialog = await screen.findByRole('dialog', { name: /Image generation image 1/ });
    expect(within(dialog).getByAltText('Image generation image 1')).toHaveAttribute(
      'src',
      `${origin}/media/gen_1-0.png`,
    );
    expect(
      within(dialog).getByRole('link', { name: 'Download Image generation image 1' }),
    ).toHaveAttribute('download', 'gen_1-0.png');
    expect(within(dialog).getByText('1024 × 768')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    dialog = screen.getByRole('dialog', { name: /Image generation image 2/ });
    expect(within(dialog).getByAltText('Image generation image 2')).toBeInTheDocument();

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog', { name: /Image generation image 1/ })).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('dialog', { name: /Image generation image 2/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByRole('dialog', { name: /Image generation image 1/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes the viewer with Escape, and offers no stepping for a single image', async () => {
    const user = userEvent.setup();
    render(
      <GenerationResult data={{ outputs: [emulatorImages.outputs[0]] }} label="Image generation" />,
    );
    await user.click(screen.getByRole('button', { name: /View Image generation image 1/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('renders a video output as a video element with its facts and a Download link', () => {
    const data = {
      id: 'gen_2',
      status: 'completed',
      outputs: [
        {
          url: 'https://cdn.example.com/v/clip',
          content_type: 'video/mp4',
          width: 1280,
          height: 720,
          duration: 5,
        },
      ],
    };
    render(<GenerationResult data={data} label="Video generation" />);
    const video = screen.getByLabelText('Video generation video 1', { selector: 'video' });
    expect(video).toHaveAttribute('src', 'https://cdn.example.com/v/clip');
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('preload', 'metadata');
    expect((video as HTMLVideoElement).playsInline).toBe(true);
    expect(screen.getByText('1280 × 720 · 0:05')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download Video generation video 1' })).toHaveAttribute(
      'download',
      'video-generation-1.mp4',
    );
  });

  it('renders media from an unknown shape, plus the rest as JSON', () => {
    const data = {
      job: { state: 'done', seed: 42 },
      result: {
        images: [{ href: 'https://x.example/a.webp' }],
        soundtrack: { audio_url: '/media/track' },
        report: 'https://x.example/report.pdf',
      },
    };
    render(<GenerationResult data={data} label="Result" />);
    expect(screen.getByAltText('Result image 1')).toHaveAttribute(
      'src',
      'https://x.example/a.webp',
    );
    expect(screen.getByLabelText('Result audio 1', { selector: 'audio' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download Result audio 1' })).toHaveAttribute(
      'href',
      `${origin}/media/track`,
    );
    const link = screen.getByRole('link', { name: 'https://x.example/report.pdf' });
    expect(link).toHaveAttribute('rel', 'noreferrer');
    expect(link).toHaveAttribute('target', '_blank');

    const pre = screen.getByText(/"state": "done"/);
    expect(pre.tagName).toBe('PRE');
    expect(pre.textContent).toBe(JSON.stringify({ job: { state: 'done', seed: 42 } }, null, 2));
  });

  it('shows the data open as JSON when it holds no media, never as HTML', () => {
    const data = { status: 'queued', note: '<img src=x onerror=alert(1)>' };
    const { container } = render(<GenerationResult data={data} label="Result" />);
    expect(screen.getByText('No media URL found in the response.')).toBeInTheDocument();
    expect(screen.getByText('Response data').closest('details')).toHaveAttribute('open');
    expect(screen.getByText(/onerror=alert/)).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
  });

  it('never renders a javascript: URL as a link or a source', () => {
    const data = {
      outputs: [
        { url: 'javascript:alert(1)', content_type: 'image/png' },
        { url: 'data:image/png;base64,AAAA', content_type: 'image/png' },
      ],
      image_url: 'JavaScript:alert(document.cookie)//.png',
      video: 'blob:https://x/1',
    };
    const { container } = render(<GenerationResult data={data} label="Result" />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    for (const element of container.querySelectorAll('[href], [src]')) {
      const value = element.getAttribute('href') ?? element.getAttribute('src') ?? '';
      expect(value).toMatch(/^https?:/);
    }
    // Still visible, as inert text.
    expect(screen.getByText(/javascript:alert\(1\)/)).toBeInTheDocument();
  });
});
