import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { goodReport } from '../../lib/audio/test-reports';
import { ClipReportSummary } from './clip-report-summary';

const table = () => screen.queryByRole('table', { name: 'Report for take.wav' });

describe('ClipReportSummary', () => {
  it('shows and hides the report with a button that says what it controls', async () => {
    const user = userEvent.setup();
    render(<ClipReportSummary name="take.wav" report={goodReport} use="voice" />);
    const hide = screen.getByRole('button', { name: 'Hide report for take.wav' });
    expect(hide).toHaveAttribute('aria-expanded', 'true');
    const controlled = document.getElementById(hide.getAttribute('aria-controls') ?? '');
    expect(controlled).toContainElement(table());

    await user.click(hide);
    const show = screen.getByRole('button', { name: 'Show report for take.wav' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    expect(table()).not.toBeInTheDocument();
    // Folded, the button still points at an element on the page.
    expect(document.getElementById(show.getAttribute('aria-controls') ?? '')).toBe(controlled);
    expect(screen.getByText('Overall:').parentElement).toHaveTextContent('Overall: Good');

    await user.click(show);
    expect(controlled).toContainElement(table());
  });

  it('can start folded', () => {
    render(
      <ClipReportSummary name="take.wav" report={goodReport} use="voice" defaultOpen={false} />,
    );
    expect(screen.getByRole('button', { name: 'Show report for take.wav' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(table()).not.toBeInTheDocument();
  });
});
