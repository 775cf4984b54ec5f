/**
 * The product form, for a new product and an existing one: details, pictures, options, variants
 * and categories, checked here first (a summary links to each problem), then by the server (its
 * refusals go to the fields they name). An update sends only what changed, with the revision that
 * was read. Leaving with unsaved changes asks first.
 */
import type { FileDescriptor, Product } from '@vitrine/sdk';
import { Alert, Button } from '@vitrine/ui';
import { Dialog } from '@vitrine/ui/dialog';
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { CategoriesSection } from './categories-section.tsx';
import { DetailsSection } from './details-section.tsx';
import {
  check,
  isDirty,
  syncVariants,
  variantName,
  type Draft,
  type DraftImage,
  type DraftOption,
} from './draft.ts';
import { imageOf, ImagesSection } from './images-section.tsx';
import { OptionsSection } from './options-section.tsx';
import { VariantsSection } from './variants-section.tsx';
import { editorError, type EditorError } from './violations.ts';
import { StaffActions } from '../../../app/staff-actions.tsx';
import { EditorSection } from './section.tsx';

const MediaPicker = lazy(() =>
  import('../../media/picker/media-picker.tsx').then((m) => ({ default: m.MediaPicker })),
);

export interface SaveHandlers {
  onSuccess: () => void;
  onError: (e: unknown) => void;
}

export function ProductEditor({
  initial,
  product,
  saving,
  onSave,
  pickerOpen,
  pickerHref,
  onClosePicker,
  actions,
}: {
  /** The draft the form starts from (what was read, or an empty product). */
  initial: Draft;
  /** The product as read (absent while creating). */
  product?: Product | undefined;
  saving: boolean;
  /**
   * Saves the draft (`before`: the draft the form started from, `revision`: the product's revision
   * then); `handlers` say how it went (the form stays as it is on failure).
   */
  onSave: (draft: Draft, before: Draft, revision: string | undefined, handlers: SaveHandlers) => void;
  pickerOpen: boolean;
  pickerHref: string;
  onClosePicker: () => void;
  /** Beside Save (Delete). */
  actions?: ReactNode;
}) {
  // What the form started from: later reads of the product (in the background) do not move it.
  const [before] = useState(initial);
  const [revision] = useState(product?.revision);
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<EditorError>();
  const [saved, setSaved] = useState(false);
  const summary = useRef<HTMLDivElement>(null);
  const leaving = useRef(false);
  const dirty = isDirty(draft, before);
  const movedOn = !!product && !saved && product.revision !== revision;
  const update = (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change }));
  const setOptions = (options: DraftOption[]) =>
    setDraft((d) => ({ ...d, options, variants: syncVariants(options, d.variants, before.variants) }));
  const addImages = (images: DraftImage[]) =>
    setDraft((d) => ({
      ...d,
      images: [
        ...d.images,
        ...images.filter((i) => !d.images.some((x) => x.fileId && x.fileId === i.fileId)),
      ],
    }));

  // Leaving for another page with unsaved changes asks first (dialogs, in the query string, do not).
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !leaving.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const problems = check(draft);
    setErrors(problems);
    setFailure(undefined);
    if (Object.keys(problems).length) {
      requestAnimationFrame(() => summary.current?.focus());
      return;
    }
    onSave(draft, before, revision, {
      onSuccess: () => {
        leaving.current = true;
        setSaved(true);
      },
      onError: (err) => {
        const described = editorError(err);
        setErrors(described.fields);
        setFailure(described);
        requestAnimationFrame(() => summary.current?.focus());
      },
    });
  };

  const problems = Object.entries(errors);
  return (
    <form onSubmit={submit} noValidate aria-label={product ? `Edit ${product.name}` : 'New product'}>
      {movedOn && (
        <Alert variant="warning">
          This product was changed elsewhere since you opened it, so saving would be refused. Reload the page
          to see the changes (yours will be lost).
        </Alert>
      )}
      <div ref={summary} tabIndex={-1} className="focus:outline-none">
        {(failure || problems.length > 0) && (
          <Alert>
            <p className="font-medium">{failure?.message ?? 'Please fix these before saving:'}</p>
            {problems.length > 0 && (
              <ul className="mt-1 list-disc pl-5">
                {problems.map(([id, message]) => (
                  <li key={id}>
                    <a href={`#${id}`} className="underline">
                      {describeControl(id, draft)}
                    </a>
                    : {message}
                  </li>
                ))}
              </ul>
            )}
          </Alert>
        )}
      </div>
      <DetailsSection
        draft={draft}
        onChange={update}
        errors={errors}
        creating={!product}
        url={product?.url}
      />
      <ImagesSection
        images={draft.images}
        onChange={(images) => update({ images })}
        onAdd={addImages}
        pickerHref={pickerHref}
        error={errors.images}
      />
      <OptionsSection options={draft.options} onChange={setOptions} errors={errors} />
      <VariantsSection
        draft={draft}
        onChange={(variants) => update({ variants })}
        errors={errors}
        weightUnit={product?.physicalProperties?.weightMeasurementUnitInfo.weightMeasurementUnit}
      />
      <CategoriesSection
        selected={draft.categoryIds}
        onChange={(categoryIds) => update({ categoryIds })}
        error={errors.categories}
      />
      {product && (
        <EditorSection title="Staff changes">
          <StaffActions entityId={product.id} />
        </EditorSection>
      )}
      <div className="sticky bottom-0 z-10 flex flex-wrap items-center gap-2 rounded-2xl border border-line bg-surface px-4 py-3 shadow-lg">
        <Button type="submit" busy={saving}>
          {product ? 'Save changes' : 'Create product'}
        </Button>
        {dirty && product && (
          <Button variant="secondary" onClick={() => setDraft(before)}>
            Discard changes
          </Button>
        )}
        <span className="text-sm text-muted" aria-live="polite">
          {dirty ? 'Unsaved changes' : product ? 'All changes saved' : ''}
        </span>
        <span className="ml-auto">{actions}</span>
      </div>

      {pickerOpen && (
        <Suspense fallback={null}>
          <MediaPicker
            title="Choose pictures"
            exclude={draft.images.flatMap((i) => (i.fileId ? [i.fileId] : []))}
            onClose={onClosePicker}
            onPick={(files: FileDescriptor[]) => {
              addImages(files.map(imageOf));
              onClosePicker();
            }}
          />
        </Suspense>
      )}
      {blocker.state === 'blocked' && (
        <Dialog
          open
          onOpenChange={(open) => {
            if (!open) blocker.reset();
          }}
          title="Leave without saving?"
          description="Your changes to this product are not saved yet."
          footer={
            <>
              <Button variant="secondary" onClick={() => blocker.reset()}>
                Stay and keep editing
              </Button>
              <Button variant="danger" onClick={() => blocker.proceed()}>
                Leave and lose changes
              </Button>
            </>
          }
        >
          <p>Save first to keep them.</p>
        </Dialog>
      )}
    </form>
  );
}

/** The name of a control in the error summary. */
function describeControl(id: string, d: Draft): string {
  const [what, index] = id.split('-') as [string, string | undefined];
  const i = Number(index);
  const variant = () =>
    d.options.length ? (d.variants[i] ? variantName(d, d.variants[i]) : `variant ${i + 1}`) : '';
  const names: Record<string, () => string> = {
    name: () => 'Name',
    slug: () => 'URL name',
    handle: () => 'Handle',
    description: () => 'Description',
    images: () => 'Pictures',
    categories: () => 'Categories',
    variants: () => 'Variants',
    option: () => `Option ${i + 1}`,
    choices: () => `Choices of ${d.options[i]?.name || `option ${i + 1}`}`,
    price: () => `Price${variant() ? ` of ${variant()}` : ''}`,
    compareAt: () => `Compare-at price${variant() ? ` of ${variant()}` : ''}`,
    sku: () => `SKU${variant() ? ` of ${variant()}` : ''}`,
    weight: () => `Weight${variant() ? ` of ${variant()}` : ''}`,
    quantity: () => `Units in stock${variant() ? ` of ${variant()}` : ''}`,
  };
  return names[what]?.() ?? id;
}
