/**
 * A chart as data, independent of the chart library: what each section wants drawn. The lazily
 * loaded ChartCanvas turns it into a Chart.js configuration, so this file (and the sections that
 * build specs) never pull Chart.js into a page.
 */
export interface ChartSeries {
  label: string;
  values: ReadonlyArray<number | null>;
  colour: string;
  /** Drawn as bars unless 'line'. */
  kind?: 'bar' | 'line';
  /** The right-hand axis (a rate beside counts). */
  secondary?: boolean;
}

export interface ChartSpec {
  labels: readonly string[];
  series: readonly ChartSeries[];
  /** Bars stacked into one per label (parts of a whole, like rides by outcome). */
  stacked?: boolean;
  /** Bars along the x axis (long category names, like cancellation reasons). */
  horizontal?: boolean;
  axisTitle?: string;
  secondaryAxisTitle?: string;
}

/** The app's palette (styles/tokens.css), distinct enough to tell the series apart. */
export const chartColours = {
  blue: '#1d4ed8',
  green: '#13795b',
  red: '#b42318',
  grey: '#52606d',
  teal: '#0b6e69',
  copper: '#b85c1e',
} as const;

/** Short day labels for the axis ("3 Mar"), in the language on screen. */
export const dayLabel = (day: string, language: string): string =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString(language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
