// A plain SVG bar chart. Horizontal positions are percentages of the width, vertical ones pixels,
// so the chart fills its panel at any width while its text keeps its size. The SVG is one image
// to assistive technology (role="img" with a summary); each panel adds a table with the numbers.
import { formatNumber } from '../chart-data';

export interface Bar {
  key: string;
  value: number;
  /** Tooltip of the bar's column, e.g. 'Tue, Jun 11: 12 reviews'. */
  title: string;
  /** Text under the bar (day name); none for a bar without one. */
  label?: string;
  /** Second, smaller line under the label (e.g. the success rate). */
  sublabel?: string;
  highlight?: boolean;
}

interface BarChartProps {
  bars: Bar[];
  /** The summary read out instead of the picture. */
  summary: string;
  height?: number;
  /** Print each bar's value above it (for a few wide bars). */
  showValues?: boolean;
  /** Share of a bar's slot its bar takes. */
  barRatio?: number;
  className?: string;
}

const TOP = 20; // room for the value labels
const LINE = 16;

const round = (n: number) => Math.round(n * 100) / 100;

export function BarChart({
  bars,
  summary,
  height = 200,
  showValues = false,
  barRatio = 0.6,
  className,
}: BarChartProps) {
  const lines = bars.some((b) => b.sublabel) ? 2 : bars.some((b) => b.label) ? 1 : 0;
  const baseline = height - 6 - lines * LINE;
  const plot = baseline - TOP;
  const max = bars.reduce((m, b) => Math.max(m, b.value), 0);
  const slot = bars.length > 0 ? 100 / bars.length : 100;

  return (
    <svg
      className={className ? `progress-chart ${className}` : 'progress-chart'}
      role="img"
      aria-label={summary}
      width="100%"
      height={height}
      focusable="false"
    >
      {max > 0 && (
        <g className="progress-chart-grid">
          <line x1="0" x2="100%" y1={TOP} y2={TOP} />
          <line x1="0" x2="100%" y1={round(TOP + plot / 2)} y2={round(TOP + plot / 2)} />
        </g>
      )}
      {/* Without a value on each bar, the top line says what it stands for. */}
      {max > 0 && !showValues && (
        <text className="progress-chart-scale" x="100%" y={TOP - 6} textAnchor="end">
          {formatNumber(max)}
        </text>
      )}
      {bars.map((bar, index) => {
        const center = slot * (index + 0.5);
        // A bar with any value stays visible (at least 2px) next to much taller ones.
        const barHeight = max > 0 && bar.value > 0 ? Math.max(2, round((bar.value / max) * plot)) : 0;
        const anchor = center < 6 ? 'start' : center > 94 ? 'end' : 'middle';
        const textX =
          anchor === 'start'
            ? `${round(slot * index)}%`
            : anchor === 'end'
              ? `${round(slot * (index + 1))}%`
              : `${round(center)}%`;
        return (
          <g key={bar.key} className={bar.highlight ? 'progress-chart-column is-highlighted' : 'progress-chart-column'}>
            <title>{bar.title}</title>
            {/* The whole column answers the pointer with the tooltip, even above a short bar. */}
            <rect
              className="progress-chart-hit"
              x={`${round(slot * index)}%`}
              y={0}
              width={`${round(slot)}%`}
              height={baseline}
            />
            <rect
              className="progress-chart-bar"
              x={`${round(slot * index + (slot * (1 - barRatio)) / 2)}%`}
              y={round(baseline - barHeight)}
              width={`${round(slot * barRatio)}%`}
              height={barHeight}
              rx={Math.min(3, barHeight / 2)}
              data-value={bar.value}
            />
            {showValues && (
              <text
                className="progress-chart-value"
                x={`${round(center)}%`}
                y={round(baseline - barHeight - 6)}
                textAnchor="middle"
              >
                {formatNumber(bar.value)}
              </text>
            )}
            {bar.label && (
              <text className="progress-chart-label" x={textX} y={baseline + LINE} textAnchor={anchor}>
                {bar.label}
              </text>
            )}
            {bar.sublabel && (
              <text className="progress-chart-sublabel" x={textX} y={baseline + 2 * LINE} textAnchor={anchor}>
                {bar.sublabel}
              </text>
            )}
          </g>
        );
      })}
      <line className="progress-chart-axis" x1="0" x2="100%" y1={baseline} y2={baseline} />
    </svg>
  );
}
