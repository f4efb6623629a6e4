import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ClipReport } from '../../lib/audio/clip-report';
import { goodReport } from '../../lib/audio/test-reports';
import { SetVerdictView } from './set-verdict-view';

const file = (name: string, report: ClipReport = goodReport) => ({
  name,
  report,
  source: 'file' as const,
});
const region = () => screen.getByRole('region', { name: 'Clip set check' });

describe('SetVerdictView', () => {
  it('shows nothing before there is a clip', () => {
    render(<SetVerdictView clips={[]} />);
    expect(screen.queryByRole('region', { name: 'Clip set check' })).not.toBeInTheDocument();
  });

  it('gives the count and total against the recommended range, and Good for a good set', () => {
    render(<SetVerdictView clips={[file('a.wav'), file('b.wav'), file('c.wav')]} />);
    expect(region()).toHaveTextContent(
      '3 clips · 36 s in all (recommended: 3 to 10 clips of 5 to 30 s)',
    );
    expect(region()).toHaveTextContent('Clip set: Good');
    expect(within(region()).queryByText(/Weakest clip/)).not.toBeInTheDocument();
  });

  it('asks for more clips, and names the weakest clip with its reason', () => {
    render(
      <SetVerdictView
        clips={[
          file('a.wav'),
          file('noisy.wav', { ...goodReport, noiseFloorDbfs: -40, snrDb: 25 }),
        ]}
      />,
    );
    expect(region()).toHaveTextContent('Clip set: Fix this');
    expect(region()).toHaveTextContent('Fewer clips than recommended: add 1 clip or more.');
    expect(within(region()).getByText('Weakest clip:').parentElement).toHaveTextContent(
      /Weakest clip: noisy\.wav \(Fix this\) — Noise floor: Background noise is audible/,
    );
  });

  it('counts URL clips by their length and says they are not checked', () => {
    render(
      <SetVerdictView
        clips={[
          file('a.wav'),
          file('b.wav'),
          { name: 'https://cdn.example/c.wav', durationS: 11, source: 'url' },
        ]}
        measuring
      />,
    );
    expect(region()).toHaveTextContent('3 clips · 35 s in all');
    expect(region()).toHaveTextContent('measuring…');
    expect(region()).toHaveTextContent('Not checked: https://cdn.example/c.wav');
  });
});
