import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setVerdictView } from './clip-check-loaders';
import { DeferredSetVerdictView } from './deferred-clip-check';

describe('DeferredSetVerdictView', () => {
  it('draws nothing and fetches no code for a set without clips', () => {
    const { container } = render(<DeferredSetVerdictView clips={[]} />);
    expect(container).toBeEmptyDOMElement();
    expect(setVerdictView.loaded()).toBe(false);
  });

  it('checks the set once it has a clip, its code loaded for it', async () => {
    render(
      <DeferredSetVerdictView clips={[{ name: 'take-1.wav', source: 'url', durationS: 12 }]} />,
    );
    expect(await screen.findByRole('region', { name: 'Clip set check' })).toBeInTheDocument();
    expect(setVerdictView.loaded()).toBe(true);
  });
});
