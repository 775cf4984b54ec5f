/** The head of a line-items table (item, price, quantity, total) and a line's name with its options. */
import type { ReactNode } from 'react';

export function LineItemsHead() {
  return (
    <thead>
      <tr>
        <th scope="col">Item</th>
        <th scope="col" className="text-right">
          Price
        </th>
        <th scope="col" className="text-right">
          Quantity
        </th>
        <th scope="col" className="text-right">
          Total
        </th>
      </tr>
    </thead>
  );
}

interface Line {
  productName: { original: string };
  descriptionLines: readonly {
    name: { original: string };
    plainText?: { original: string } | undefined;
    colorInfo?: { original: string } | undefined;
  }[];
}

/** The row header of a line: its product name, its options, then what the page adds (`children`). */
export function LineName({ line, children }: { line: Line; children?: ReactNode }) {
  return (
    <th scope="row" className="font-normal">
      <span className="block font-medium">{line.productName.original}</span>
      {line.descriptionLines.map((d, i) => (
        <span key={i} className="block text-muted">
          {d.name.original}: {d.plainText?.original ?? d.colorInfo?.original}
        </span>
      ))}
      {children}
    </th>
  );
}
