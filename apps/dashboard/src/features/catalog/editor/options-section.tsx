/**
 * The product's options (Size, Colour: up to 6) and their choices. Each choice can be renamed in
 * place (its variants keep their price and stock), removed, or added with Enter; the variants
 * below follow (one per combination).
 */
import { Button, Field } from '@vitrine/ui';
import { useState } from 'react';
import { fieldId, newKey, type DraftOption } from './draft.ts';
import { EditorSection } from './section.tsx';

const MAX_OPTIONS = 6;

export function OptionsSection({
  options,
  onChange,
  errors,
}: {
  options: DraftOption[];
  onChange: (options: DraftOption[]) => void;
  errors: Record<string, string>;
}) {
  const set = (i: number, o: DraftOption) => onChange(options.map((x, j) => (j === i ? o : x)));
  return (
    <EditorSection
      title="Options"
      description="What a buyer chooses, e.g. Size or Colour. Each combination of choices is a variant with its own price and stock."
    >
      {options.length === 0 && (
        <p className="mb-4 text-sm text-muted">No options: the product is sold as it is.</p>
      )}
      {options.map((o, i) => (
        <OptionEditor
          key={o.key}
          index={i}
          option={o}
          errors={errors}
          onChange={(next) => set(i, next)}
          onRemove={() => onChange(options.filter((_, j) => j !== i))}
        />
      ))}
      <Button
        variant="secondary"
        disabled={options.length >= MAX_OPTIONS}
        onClick={() =>
          onChange([...options, { key: newKey('o'), name: '', renderType: 'TEXT_CHOICES', choices: [] }])
        }
      >
        Add an option
      </Button>
    </EditorSection>
  );
}

function OptionEditor({
  index,
  option,
  errors,
  onChange,
  onRemove,
}: {
  index: number;
  option: DraftOption;
  errors: Record<string, string>;
  onChange: (o: DraftOption) => void;
  onRemove: () => void;
}) {
  const [draft, setDraft] = useState('');
  const title = option.name.trim() || `Option ${index + 1}`;
  const add = () => {
    const names = draft
      .split(',')
      .map((n) => n.trim())
      .filter((n) => n && !option.choices.some((c) => c.name.toLowerCase() === n.toLowerCase()));
    if (names.length)
      onChange({
        ...option,
        choices: [...option.choices, ...names.map((name) => ({ key: newKey('c'), name }))],
      });
    setDraft('');
  };
  const choicesError = errors[fieldId('choices', index)];
  return (
    <fieldset className="mb-4 rounded-xl border border-line p-3">
      <legend className="px-1 text-sm font-medium">{title}</legend>
      <div className="grid gap-x-4 md:grid-cols-[1fr_auto] md:items-end">
        <Field
          id={fieldId('option', index)}
          label="Option name"
          value={option.name}
          maxLength={50}
          error={errors[fieldId('option', index)]}
          onChange={(e) => onChange({ ...option, name: e.target.value })}
        />
        <Button variant="ghost" className="mb-4" onClick={onRemove} aria-label={`Remove option ${title}`}>
          Remove option
        </Button>
      </div>
      {option.choices.length > 0 && (
        <ul aria-label={`Choices of ${title}`} className="mb-3 flex flex-wrap gap-2">
          {option.choices.map((c, j) => (
            <li key={c.key} className="flex items-center gap-1 rounded-lg border border-line p-1">
              {c.colorCode && (
                <span
                  aria-hidden="true"
                  className="size-5 rounded-full border border-line"
                  style={{ background: c.colorCode }}
                />
              )}
              <input
                aria-label={`Choice ${j + 1} of ${title}`}
                value={c.name}
                maxLength={50}
                onChange={(e) =>
                  onChange({
                    ...option,
                    choices: option.choices.map((x) =>
                      x.key === c.key ? { ...x, name: e.target.value } : x,
                    ),
                  })
                }
                className="ui-control w-32"
              />
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Remove choice ${c.name || j + 1} of ${title}`}
                onClick={() =>
                  onChange({ ...option, choices: option.choices.filter((x) => x.key !== c.key) })
                }
              >
                ×
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Field
        id={fieldId('choices', index)}
        label="New choices"
        value={draft}
        hint="Type one (or several, separated by commas) and press Enter."
        error={choicesError}
        className="mb-0"
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            add();
          }
        }}
        action={
          <Button variant="secondary" onClick={add}>
            Add
          </Button>
        }
      />
    </fieldset>
  );
}
