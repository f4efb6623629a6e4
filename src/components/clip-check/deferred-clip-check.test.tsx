import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Loaders from './clip-check-loaders';
import type * as Deferred from './deferred-clip-check';

// Whether the check's code is in is kept for the page's lifetime: each test is a fresh page.
let loaders: typeof Loaders;
let DeferredSetVerdictView: typeof Deferred.DeferredSetVerdictView;
beforeEach(async () => {
  vi.resetModules();
  loaders = await import('./clip-check-loaders');
  ({ DeferredSetVerdictView } = await import('./deferred-clip-check'));
});

describe('DeferredSetVerdictView', () => {
  it('draws nothing and fetches no code for a set without clips', () => {
    const { container } = render(<DeferredSetVerdictView clips={[]} />);
    expect(container).toBeEmptyDOMElement();
    expect(loaders.setVerdictView.loaded()).toBe(false);
  });

  it('checks the set once it has a clip, its code loaded for it', async () => {
    render(
      <DeferredSetVerdictView clips={[{ name: 'take-1.wav', source: 'url', durationS: 12 }]} />,
    );
    expect(await screen.findByRole('region', { name: 'Clip set check' })).toBeInTheDocument();
    expect(loaders.setVerdictView.loaded()).toBe(true);
  });
});
