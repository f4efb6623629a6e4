import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { usageReport } from '../test/usage-fixtures';
import { UsageCharts } from './usage-charts';

// jsdom draws nothing: the chart library finds no 2D context and leaves the canvas blank
// (the e2e checks the drawing). What is tested here is what every reader gets in text.
beforeEach(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

const report = usageReport();
const people = [
  { ...report.groups[0]!, group: 'u-ada', label: 'Ada <b>Lovelace</b>' },
  { ...report.groups[2]!, group: 'u-bob', label: 'Bob' },
];

function renderCharts() {
  return render(
    <UsageCharts report={report} range="1–3 Dec 2026" people={people} tokens={undefined} />,
  );
}

describe('UsageCharts', () => {
  it('names each chart by its caption and sums it up in its canvas label', () => {
    renderCharts();
    const spend = screen.getByRole('figure', { name: 'Spend per day by kind' });
    expect(within(spend).getByRole('img')).toHaveAccessibleName(
      'Spend per day by kind, 1–3 Dec 2026: total $1.50 (Voice training $1.30, Music LoRA $0.20); highest 1 Dec $1.20',
    );
    const status = screen.getByRole('figure', { name: 'Jobs per day by status' });
    expect(within(status).getByRole('img')).toHaveAccessibleName(
      'Jobs per day by status, 1–3 Dec 2026: total 5 (Completed 3, Failed 1, Running 1); highest 1 Dec 3',
    );
  });

  it('shows the same numbers as a table with Table pressed, and the chart again after', async () => {
    renderCharts();
    const spend = screen.getByRole('figure', { name: 'Spend per day by kind' });
    const toggle = within(spend).getByRole('button', { name: 'Table' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    const table = within(spend).getByRole('table', { name: 'Spend per day by kind, 1–3 Dec 2026' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Day', 'Voice training', 'Music LoRA', 'Total'],
      ['1 Dec', '$1.20', '$0.00', '$1.20'],
      ['2 Dec', '$0.00', '$0.00', '$0.00'],
      ['3 Dec', '$0.10', '$0.20', '$0.30'],
    ]);
    await userEvent.click(toggle);
    expect(within(spend).queryByRole('table')).not.toBeInTheDocument();
    expect(within(spend).getByRole('img')).toBeInTheDocument();
  });

  it('says the median and 90th percentile of the queue wait in words', () => {
    renderCharts();
    const wait = screen.getByRole('figure', { name: 'Queue wait of trainings' });
    expect(wait).toHaveTextContent('Median 4 s, 90th percentile 20 s, of 3 trainings.');
  });

  it('shows an empty chart as a sentence, with no Table button', () => {
    renderCharts();
    const run = screen.getByRole('figure', { name: 'Run time of trainings' });
    expect(run).toHaveTextContent('No training ran in this period.');
    expect(within(run).queryByRole('button')).not.toBeInTheDocument();
    const voices = screen.getByRole('figure', { name: 'Voices used most' });
    expect(voices).toHaveTextContent('No speech in this period.');
    expect(screen.getByRole('figure', { name: 'Spend by token' })).toHaveTextContent('Loading…');
  });

  it('writes names from the API as text, never as markup', async () => {
    renderCharts();
    const byPerson = screen.getByRole('figure', { name: 'Spend by person' });
    await userEvent.click(within(byPerson).getByRole('button', { name: 'Table' }));
    expect(within(byPerson).getByRole('rowheader', { name: 'Ada <b>Lovelace</b>' })).toBeVisible();
    expect(byPerson.querySelector('b')).toBeNull();
  });
});
