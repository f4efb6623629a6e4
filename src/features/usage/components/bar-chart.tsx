import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';
import { useEffect, useRef } from 'react';
import type { ChartSeries } from '../usage-series';
import { useDarkTheme } from '../use-dark-theme';

// Only the parts these bar charts use, so the rest of the library stays out of the page's chunk.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend);

/** The theme's chart colours, as the stylesheet sets them on `.usage-chart` for light and dark. */
function themeColors(element: Element) {
  const style = getComputedStyle(element);
  return {
    text: style.color,
    grid: style.getPropertyValue('--chart-grid').trim(),
    of: (name: string) => style.getPropertyValue(`--chart-${name}`).trim(),
  };
}

function configuration(
  series: ChartSeries,
  colors: ReturnType<typeof themeColors>,
  stacked: boolean,
  horizontal: boolean,
): ChartConfiguration<'bar'> {
  const valueAxis = {
    stacked,
    beginAtZero: true,
    grid: { color: colors.grid },
    border: { color: colors.grid },
    ticks: {
      color: colors.text,
      ...(series.whole && { precision: 0 }),
      callback: (value: string | number) => series.format(+value),
    },
  };
  const labelAxis = {
    stacked,
    grid: { display: false },
    border: { color: colors.grid },
    ticks: { color: colors.text },
  };
  return {
    type: 'bar',
    data: {
      labels: series.labels,
      datasets: series.parts.map((part) => {
        const color = colors.of(part.color);
        return {
          label: part.label,
          data: part.values,
          backgroundColor: color,
          hoverBackgroundColor: color,
          borderWidth: 0,
          // One bar alone would fill the chart's width.
          maxBarThickness: 48,
        };
      }),
    },
    options: {
      indexAxis: horizontal ? 'y' : 'x',
      responsive: true,
      maintainAspectRatio: false,
      // Drawn at once: a growing bar tells nothing, and a reduced-motion reader asked for none.
      animation: false,
      color: colors.text,
      scales: horizontal ? { x: valueAxis, y: labelAxis } : { x: labelAxis, y: valueAxis },
      plugins: {
        // One part needs no legend: the figure's heading names it.
        legend: { display: series.parts.length > 1, labels: { color: colors.text } },
        tooltip: {
          callbacks: {
            label: (item) =>
              `${item.dataset.label ?? ''}: ${series.format((horizontal ? item.parsed.x : item.parsed.y) ?? 0)}`,
          },
        },
      },
    },
  };
}

/**
 * A bar chart drawn by Chart.js on a canvas filling its box, which names it for screen readers
 * (the figure's Table button shows the same numbers as text). Drawn again when the series or
 * the theme changes.
 */
export function BarChart({
  series,
  stacked,
  horizontal,
}: {
  series: ChartSeries;
  stacked: boolean;
  horizontal: boolean;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const dark = useDarkTheme();
  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const chart = new Chart(
      element,
      configuration(series, themeColors(element), stacked, horizontal),
    );
    return () => chart.destroy();
  }, [series, stacked, horizontal, dark]);
  return <canvas ref={canvas} />;
}
