/** A column of totals beside a line-items table: each label and its amount, the strong ones (the total) bold. */
export type TotalRow = readonly [label: string, value: string, strong?: boolean];

export function TotalsList({ rows, width = 'max-w-sm' }: { rows: readonly TotalRow[]; width?: string }) {
  return (
    <dl className={`ml-auto grid ${width} grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm`}>
      {rows.map(([label, value, strong]) => (
        <div key={label} className={`contents ${strong ? 'font-semibold' : ''}`}>
          <dt>{label}</dt>
          <dd className="text-right tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
