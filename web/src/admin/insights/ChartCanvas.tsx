import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartConfiguration,
  type ChartDataset,
} from 'chart.js';
import { useEffect, useRef } from 'react';
import type { ChartSpec } from './chartSpec.js';

// Only the pieces the analytics draw (bars and lines on category/linear axes): Chart.js is tree-shakable.
Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Legend, Tooltip);

function configOf(spec: ChartSpec, reducedMotion: boolean): ChartConfiguration<'bar' | 'line', Array<number | null>, string> {
  const valueAxis = spec.horizontal ? 'x' : 'y';
  const datasets = spec.series.map(
    (series): ChartDataset<'bar' | 'line', Array<number | null>> => ({
      type: series.kind ?? 'bar',
      label: series.label,
      data: [...series.values],
      backgroundColor: series.colour,
      borderColor: series.colour,
      borderWidth: series.kind === 'line' ? 2 : 0,
      spanGaps: false,
      ...(series.secondary ? { yAxisID: 'secondary' } : {}),
    }),
  );
  return {
    type: 'bar',
    data: { labels: [...spec.labels], datasets },
    options: {
      indexAxis: spec.horizontal ? 'y' : 'x',
      responsive: true,
      maintainAspectRatio: false,
      animation: reducedMotion ? false : undefined,
      plugins: { legend: { position: 'bottom' } },
      scales: {
        x: { stacked: Boolean(spec.stacked), ticks: { autoSkip: true, maxRotation: 0 } },
        y: { stacked: Boolean(spec.stacked) },
        [valueAxis]: {
          stacked: Boolean(spec.stacked),
          beginAtZero: true,
          title: { display: Boolean(spec.axisTitle), text: spec.axisTitle ?? '' },
        },
        ...(spec.series.some((series) => series.secondary)
          ? { secondary: { position: 'right', beginAtZero: true, grid: { drawOnChartArea: false }, title: { display: Boolean(spec.secondaryAxisTitle), text: spec.secondaryAxisTitle ?? '' } } }
          : {}),
      },
    },
  };
}

/**
 * One chart on a canvas (loaded with React.lazy: Chart.js is its own chunk). The canvas is an
 * image named by `label`; the figures themselves are in the table beside it for screen readers.
 */
export default function ChartCanvas({ spec, label }: { spec: ChartSpec; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const chart = new Chart(canvas.current, configOf(spec, reducedMotion));
    return () => chart.destroy();
  }, [spec]);
  return (
    <div className="insight-chart__canvas">
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
