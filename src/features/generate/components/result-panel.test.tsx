import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { generationFromHistory } from '../generation-from-history';
import { historyEntry } from '../test/history-entries';
import { ResultPanel } from './result-panel';

describe('ResultPanel', () => {
  it('says the result is opening while its viewers load, then shows its media', async () => {
    const entry = generationFromHistory(historyEntry());
    render(<ResultPanel kind="image" pending={false} startedAt={null} entry={entry} curl={null} />);

    expect(screen.getByRole('status')).toHaveTextContent('Opening the result…');
    const image = await screen.findByAltText('A red bicycle image 1');
    expect(image).toHaveAttribute('src', `${window.location.origin}/media/gen_1-0.png`);
    expect(screen.queryByText('Opening the result…')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Image result' })).toHaveTextContent(
      'generate_image_15',
    );
  });

  it('draws a result at once when the viewers are in already', async () => {
    const entry = generationFromHistory(historyEntry());
    const first = render(
      <ResultPanel kind="image" pending={false} startedAt={null} entry={entry} curl={null} />,
    );
    await screen.findByAltText('A red bicycle image 1');
    first.unmount();

    render(<ResultPanel kind="image" pending={false} startedAt={null} entry={entry} curl={null} />);
    expect(screen.getByAltText('A red bicycle image 1')).toBeInTheDocument();
    expect(screen.queryByText('Opening the result…')).not.toBeInTheDocument();
  });

  it('keeps the place for results before the first one', () => {
    render(<ResultPanel kind="video" pending={false} startedAt={null} entry={null} curl={null} />);

    expect(screen.getByText('Videos you generate appear here.')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
