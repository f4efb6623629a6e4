import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ClipReport } from '../../../lib/audio/clip-report';
import { ReferenceCheck } from './reference-check';

const report: ClipReport = {
  durationS: 12,
  sampleRate: 44_100,
  channels: 1,
  peakDbfs: -2,
  loudnessLufs: -33,
  clippedShare: 0,
  noiseFloorDbfs: -70,
  snrDb: 40,
  silenceShare: 0.2,
};

describe('ReferenceCheck', () => {
  it('checks a URL’s length only', () => {
    render(<ReferenceCheck check={{ measuring: false, durationS: 12 }} />);
    expect(screen.getByText(/Length 12/)).toHaveTextContent('within the recommended 5–30 s');
    expect(screen.queryByText('Overall:')).not.toBeInTheDocument();
  });

  it('gives a local file its report, with the overall verdict kept in sight when folded', async () => {
    const user = userEvent.setup();
    render(
      <ReferenceCheck
        check={{
          measuring: false,
          durationS: 12,
          report: { name: 'Recording 1.wav', measuring: false, data: report },
        }}
      />,
    );
    // The report's code loads with the first clip to check.
    const table = await screen.findByRole('table', { name: 'Report for Recording 1.wav' });
    expect(screen.getByText('Overall:').parentElement).toHaveTextContent('Overall: Fix this');
    expect(table).toHaveTextContent('Too quiet');
    await user.click(screen.getByRole('button', { name: 'Hide report for Recording 1.wav' }));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByText('Overall:').parentElement).toHaveTextContent('Overall: Fix this');
  });

  it('says while the file is analysed, and when it could not be', () => {
    const { rerender } = render(
      <ReferenceCheck
        check={{ measuring: false, durationS: 12, report: { name: 'a.wav', measuring: true } }}
      />,
    );
    expect(screen.getByText('Checking the clip…')).toBeInTheDocument();
    rerender(
      <ReferenceCheck
        check={{
          measuring: false,
          durationS: 12,
          report: { name: 'a.wav', measuring: false, error: 'Unable to decode audio data' },
        }}
      />,
    );
    expect(
      screen.getByText(/could not analyse this clip \(Unable to decode audio data\)/),
    ).toBeInTheDocument();
  });
});
