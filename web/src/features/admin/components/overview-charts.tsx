import type { Overview } from "@folio/contract/admin";
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from "recharts";
import { formatLongDate } from "../../../lib/dates";
import { formatPounds } from "../../../lib/money";

// The overview's charts, a chunk of their own (recharts is most of the console's weight): the
// figures and their tables show first. Each chart is a picture for sighted staff; the table
// under it holds the same figures for everyone else. They draw with the theme's tokens, so they
// follow light and dark as the page does.

const shortDay = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  timeZone: "UTC",
});

/** "2026-11-22" → "22 Nov", for an axis. */
function dayTick(date: string): string {
  const time = Date.parse(date);
  return Number.isNaN(time) ? date : shortDay.format(time);
}

const TITLE_TICK_LENGTH = 18;

function titleTick(title: string): string {
  return title.length > TITLE_TICK_LENGTH ? `${title.slice(0, TITLE_TICK_LENGTH - 1)}…` : title;
}

const AXIS_TICK = { fill: "var(--color-ink-muted)", fontSize: 12 };
const TOOLTIP_STYLE = {
  background: "var(--color-surface)",
  border: "1px solid var(--color-border)",
  borderRadius: "var(--radius-md)",
  color: "var(--color-ink)",
};
const CURSOR = { fill: "var(--color-surface-sunken)" };
const CHART_STYLE = { width: "100%", height: "100%" };

export function MoneyPerDayChart({ days }: { days: Overview["days"] }) {
  return (
    <BarChart responsive data={days} style={CHART_STYLE} accessibilityLayer={false}>
      <CartesianGrid stroke="var(--color-border)" vertical={false} />
      <XAxis dataKey="date" tickFormatter={dayTick} tick={AXIS_TICK} minTickGap={12} />
      <YAxis tickFormatter={(value: number) => `£${value}`} tick={AXIS_TICK} width={56} />
      <Tooltip
        formatter={(value) => formatPounds(Number(value))}
        labelFormatter={(label) => (typeof label === "string" ? formatLongDate(label) : "")}
        contentStyle={TOOLTIP_STYLE}
        cursor={CURSOR}
      />
      <Legend />
      <Bar dataKey="topUps" name="Top-ups" fill="var(--color-forest)" />
      <Bar dataKey="loanCharges" name="Loan charges" fill="var(--color-accent)" />
    </BarChart>
  );
}

export function MostBorrowedChart({ books }: { books: Overview["mostBorrowed"] }) {
  return (
    <BarChart
      responsive
      layout="vertical"
      data={books}
      style={CHART_STYLE}
      accessibilityLayer={false}
    >
      <CartesianGrid stroke="var(--color-border)" horizontal={false} />
      <XAxis type="number" allowDecimals={false} tick={AXIS_TICK} />
      <YAxis
        type="category"
        dataKey="title"
        width={150}
        tick={AXIS_TICK}
        tickFormatter={titleTick}
        interval={0}
      />
      <Tooltip contentStyle={TOOLTIP_STYLE} cursor={CURSOR} />
      <Bar dataKey="loans" name="Loans" fill="var(--color-accent)" />
    </BarChart>
  );
}
