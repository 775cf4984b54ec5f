/**
 * A page of files as a grid of cards or a table, each with a checkbox (for moving and trashing
 * several) and its name as the link to its details (`?file=<id>`); a private file's picture through
 * a short-lived signed link (`../signed-links.ts`).
 */
import type { FileDescriptor } from '@vitrine/sdk';
import { Badge, linkClass, Table } from '@vitrine/ui';
import { Link } from 'react-router';
import { OPENED_HERE } from '../../../app/url-dialog.ts';
import { bytes, dateTime, dimensions, typeLabels, typeMark } from '../format.ts';
import { usePicture } from '../signed-links.ts';

interface Props {
  files: FileDescriptor[];
  selected: readonly string[];
  onToggle: (id: string, on: boolean) => void;
  detailsHref: (f: FileDescriptor) => string;
}

export function FileBadges({ f }: { f: FileDescriptor }) {
  return (
    <>
      {f.private && <Badge tone="warning">Private</Badge>}
      {f.operationStatus === 'PENDING' && <Badge tone="info">Processing</Badge>}
      {f.operationStatus === 'FAILED' && <Badge tone="danger">Failed</Badge>}
    </>
  );
}

/** A card's picture: a public file's own, a private one's through a signed link; else its type. */
function Thumbnail({ f }: { f: FileDescriptor }) {
  const src = usePicture(f, 'fill/w_240,h_240,q_80');
  return src ? (
    <img
      src={src}
      alt=""
      width={240}
      height={240}
      loading="lazy"
      className="aspect-square w-full bg-line object-cover"
    />
  ) : (
    <span
      aria-hidden="true"
      className="flex aspect-square w-full items-center justify-center bg-line text-lg font-semibold text-muted"
    >
      {typeMark(f.mediaType)}
    </span>
  );
}

export function FileGrid({ files, selected, onToggle, detailsHref }: Props) {
  return (
    <ul aria-label="Files" className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {files.map((f) => {
        const on = selected.includes(f.id);
        return (
          <li
            key={f.id}
            className={`flex flex-col overflow-hidden rounded-xl border bg-surface ${on ? 'border-accent ring-1 ring-accent' : 'border-line'}`}
          >
            <Thumbnail f={f} />
            <div className="flex flex-1 flex-col gap-1 p-2 text-sm">
              <div className="flex items-start gap-2">
                <input
                  type="checkbox"
                  aria-label={`Select ${f.displayName}`}
                  checked={on}
                  onChange={(e) => onToggle(f.id, e.target.checked)}
                  className="mt-0.5 size-5 shrink-0 accent-accent"
                />
                <Link
                  to={detailsHref(f)}
                  state={OPENED_HERE}
                  preventScrollReset
                  className={`${linkClass} min-w-0 break-all`}
                >
                  {f.displayName}
                </Link>
              </div>
              <span className="text-muted">
                {typeLabels[f.mediaType]} · {bytes(f.sizeInBytes)}
              </span>
              <span className="flex flex-wrap gap-1">
                <FileBadges f={f} />
              </span>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

export function FileTable({ files, selected, onToggle, detailsHref }: Props) {
  return (
    <Table caption="Files" hideCaption>
      <thead>
        <tr>
          <th scope="col">
            <span className="sr-only">Selected</span>
          </th>
          <th scope="col">Name</th>
          <th scope="col">Type</th>
          <th scope="col" className="text-right">
            Size
          </th>
          <th scope="col" className="hidden md:table-cell">
            Dimensions
          </th>
          <th scope="col" className="hidden lg:table-cell">
            Added
          </th>
          <th scope="col">Status</th>
        </tr>
      </thead>
      <tbody>
        {files.map((f) => (
          <tr key={f.id} className="hover:bg-hover">
            <td>
              <input
                type="checkbox"
                aria-label={`Select ${f.displayName}`}
                checked={selected.includes(f.id)}
                onChange={(e) => onToggle(f.id, e.target.checked)}
                className="size-5 accent-accent"
              />
            </td>
            <th scope="row" className="max-w-64 min-w-36 font-medium">
              <Link
                to={detailsHref(f)}
                state={OPENED_HERE}
                preventScrollReset
                className={`${linkClass} break-all`}
              >
                {f.displayName}
              </Link>
            </th>
            <td>{typeLabels[f.mediaType]}</td>
            <td className="text-right whitespace-nowrap tabular-nums">{bytes(f.sizeInBytes)}</td>
            <td className="hidden whitespace-nowrap md:table-cell">{dimensions(f) ?? '—'}</td>
            <td className="hidden whitespace-nowrap lg:table-cell">{dateTime(f.createdDate)}</td>
            <td>
              <span className="flex flex-wrap gap-1">
                <FileBadges f={f} />
                {!f.private && f.operationStatus === 'READY' && <span className="text-muted">Public</span>}
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
