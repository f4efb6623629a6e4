import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usageReport } from '../test/usage-fixtures';
import { MonthTotals, PeriodTotals } from './usage-totals';

const figures = (list: HTMLElement) =>
  within(list)
    .getAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.textContent]);

describe('MonthTotals', () => {
  it('gives the committed spend with its split, and the forecast', () => {
    render(<MonthTotals month={usageReport().month} />);
    const list = screen.getByLabelText('Spend in December 2026');
    expect(figures(list)).toEqual([
      ['Committed in December 2026', '$1.50'],
      ['Forecast to month end', '$15.50'],
    ]);
    expect(list).toHaveTextContent('$1.30 completed + $0.20 running estimate');
  });
});

describe('PeriodTotals', () => {
  it('counts jobs, generations, speech, extends, uploads and sandboxes', () => {
    const totals = {
      ...usageReport().totals,
      speech_requests: 2,
      speech_characters: 12_345,
      uploads: 3,
      upload_bytes: 1_500_000,
      sandboxes: 1,
    };
    render(<PeriodTotals totals={totals} range="1–3 Dec 2026" />);
    const list = screen.getByLabelText('Totals, 1–3 Dec 2026');
    expect(figures(list)).toEqual([
      ['Spend', '$1.50'],
      ['Jobs', '5'],
      ['Generations', '2'],
      ['Speech characters', '12,345'],
      ['Extends', '0'],
      ['Uploads', '3'],
      ['Sandboxes', '1'],
    ]);
    expect(list).toHaveTextContent('$0.20 of it still an estimate');
    expect(list).toHaveTextContent('3 completed, 1 failed');
    expect(list).toHaveTextContent('1.5 MB');
  });
});
