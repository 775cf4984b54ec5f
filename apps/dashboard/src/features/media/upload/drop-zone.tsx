/**
 * Where files are dropped: a box that takes files dragged onto it, with a "Choose files" button
 * (a file input) for the keyboard and for anyone who cannot drag. Dragging over it is shown, and
 * what it takes is said in words.
 */
import { Button } from '@vitrine/ui';
import { useId, useRef, useState, type DragEvent, type ReactNode } from 'react';

export function DropZone({
  onFiles,
  accept,
  label,
  hint,
  multiple = true,
  className = 'mb-4',
}: {
  onFiles: (files: File[]) => void;
  /** The file input's `accept` (e.g. `image/*`); dropped files of other types are refused, in words under the box. */
  accept?: string;
  /** The button's words ("Choose files"). */
  label: string;
  hint?: ReactNode;
  multiple?: boolean;
  className?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [over, setOver] = useState(false);
  const [refused, setRefused] = useState<string>();
  const take = (list: FileList | null) => {
    const files = [...(list ?? [])];
    const fits = accept ? files.filter((f) => matches(f, accept)) : files;
    const left = files.length - fits.length;
    setRefused(
      left ? `${left} file${left === 1 ? ' is' : 's are'} not of a type this takes (${accept}).` : undefined,
    );
    if (fits.length) onFiles(multiple ? fits : fits.slice(0, 1));
  };
  const drag = (e: DragEvent) => {
    if (![...e.dataTransfer.types].includes('Files')) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };
  return (
    <div
      data-testid="drop-zone"
      onDragEnter={drag}
      onDragOver={drag}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        take(e.dataTransfer.files);
      }}
      className={`flex flex-col items-center justify-center gap-2 rounded-2xl border-2 border-dashed p-6 text-center ${
        over ? 'border-accent bg-accent/10' : 'border-line bg-surface'
      } ${className}`}
    >
      <p className="text-sm" id={hintId}>
        {over ? 'Drop to upload' : 'Drag and drop files here, or'}
      </p>
      <Button variant="secondary" aria-describedby={hintId} onClick={() => input.current?.click()}>
        {label}
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        multiple={multiple}
        accept={accept}
        aria-label={label}
        onChange={(e) => {
          take(e.currentTarget.files);
          e.currentTarget.value = '';
        }}
      />
      {hint && <p className="text-sm text-muted">{hint}</p>}
      {refused && (
        <p role="alert" className="text-sm text-danger">
          {refused}
        </p>
      )}
    </div>
  );
}

/** Whether a file fits an `accept` list (`image/*`, `.pdf`, `video/mp4`). */
function matches(f: File, accept: string): boolean {
  return accept.split(',').some((a) => {
    const t = a.trim().toLowerCase();
    if (!t) return false;
    if (t.startsWith('.')) return f.name.toLowerCase().endsWith(t);
    if (t.endsWith('/*')) return f.type.toLowerCase().startsWith(t.slice(0, -1));
    return f.type.toLowerCase() === t;
  });
}
