/**
 * The rating of a review form: five radios named "1 star" … "5 stars" in a fieldset, drawn as stars.
 * Native radios, so the keyboard works as everywhere: Tab into the group, the arrow keys choose.
 */
import { useId, useState } from 'react';
import { STAR_PATH } from '../stars.tsx';

const WORDS = ['Poor', 'Fair', 'Good', 'Very good', 'Excellent'];

export function StarInput({
  value,
  onChange,
  error,
  legend = 'Your rating',
}: {
  value: number;
  onChange: (rating: number) => void;
  error?: string;
  legend?: string;
}) {
  const name = useId();
  const [hover, setHover] = useState(0);
  const shown = hover || value;
  return (
    <fieldset className="mb-4" aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap items-center" onPointerLeave={() => setHover(0)}>
        {WORDS.map((word, i) => {
          const n = i + 1;
          return (
            <label
              key={n}
              onPointerEnter={() => setHover(n)}
              className="relative inline-flex size-11 cursor-pointer items-center justify-center rounded-lg text-3xl has-focus-visible:outline-2 has-focus-visible:outline-offset-0 has-focus-visible:outline-indigo-700"
            >
              <input
                type="radio"
                name={name}
                value={n}
                checked={value === n}
                onChange={() => onChange(n)}
                required
                aria-invalid={error ? true : undefined}
                className="sr-only"
              />
              <svg
                aria-hidden="true"
                viewBox="0 0 20 20"
                className={`size-[1em] stroke-stone-500 ${n <= shown ? 'text-amber-600' : 'text-white'}`}
                fill="currentColor"
                strokeWidth="1"
              >
                <path d={STAR_PATH} />
              </svg>
              <span className="sr-only">
                {n} {n === 1 ? 'star' : 'stars'}, {word}
              </span>
            </label>
          );
        })}
        <span aria-hidden="true" className="ml-2 text-sm text-stone-700">
          {shown ? WORDS[shown - 1] : 'Choose 1 to 5 stars'}
        </span>
      </div>
      {error && (
        <p id={`${name}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
