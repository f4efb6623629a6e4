import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ClipReport } from '../../lib/audio/clip-report';
import { goodReport } from '../../lib/audio/test-reports';
import { ClipReportView } from './clip-report-view';

const clean: ClipReport = { ...goodReport, loudnessLufs: -19.5 };

const rows = [
  'Duration',
  'Peak',
  'Loudness',
  'Clipping',
  'Noise floor',
  'Signal-to-noise',
  'Silence',
  'Format',
];

function table() {
  return screen.getByRole('table', { name: /^Report for / });
}
function row(label: string) {
  return within(table()).getByRole('row', { name: new RegExp(`^${label}`) });
}

describe('ClipReportView', () => {
  it('shows every measure with its value, the verdict in words, the reason and the threshold', () => {
    render(<ClipReportView name="take.wav" report={clean} use="voice" />);
    expect(table()).toHaveAccessibleName('Report for take.wav');
    const headers = within(table())
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Measure', 'Value', 'Verdict']);
    for (const label of rows) expect(row(label)).toHaveTextContent('Good');
    expect(row('Loudness')).toHaveTextContent('−19.5 LUFS');
    expect(row('Loudness')).toHaveTextContent('A clear speaking level.');
    expect(row('Loudness')).toHaveTextContent('Threshold: good from −26 to −14 LUFS');
    expect(row('Format')).toHaveTextContent('48 kHz · mono');
    expect(screen.getByText('Overall:').parentElement).toHaveTextContent('Overall: Good');
  });

  it('names what to fix and what makes a clip unusable, and the overall is the worst', () => {
    render(
      <ClipReportView
        name="loud.wav"
        report={{ ...clean, durationS: 4, peakDbfs: 0, clippedShare: 0.03 }}
        use="voice"
      />,
    );
    expect(row('Duration').textContent).toMatch(/Fix this/);
    expect(row('Peak').textContent).toMatch(/Fix this/);
    expect(row('Clipping')).toHaveTextContent('3 %');
    expect(row('Clipping')).toHaveTextContent('Unusable');
    expect(row('Clipping')).toHaveTextContent('Badly distorted');
    expect(row('Clipping')).toHaveTextContent('unusable above 1 %');
    expect(row('Loudness')).toHaveTextContent('Good');
    expect(screen.getByText('Overall:').parentElement).toHaveTextContent('Overall: Unusable');
  });

  it('judges the length by what the clip is for', () => {
    render(<ClipReportView name="ref.wav" report={{ ...clean, durationS: 2 }} use="extend" />);
    expect(row('Duration')).toHaveTextContent('Unusable');
    expect(row('Duration')).toHaveTextContent('Too short to continue from');
  });

  it('can leave the overall line to the page that shows it already', () => {
    render(<ClipReportView name="take.wav" report={clean} use="voice" overall={false} />);
    expect(screen.queryByText('Overall:')).not.toBeInTheDocument();
  });
});
