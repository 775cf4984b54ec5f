/** Name, URL name, handle, description, visibility and type of the product. */
import { Choice, ChoiceGroup, Field, TextArea } from '@vitrine/ui';
import type { Draft } from './draft.ts';
import { EditorSection } from './section.tsx';

export function DetailsSection({
  draft,
  onChange,
  errors,
  creating,
  url,
}: {
  draft: Draft;
  onChange: (change: Partial<Draft>) => void;
  errors: Record<string, string>;
  creating: boolean;
  /** The product's page in the shop (once it exists). */
  url?: string | undefined;
}) {
  return (
    <EditorSection title="Details">
      <Field
        id="name"
        label="Name"
        value={draft.name}
        maxLength={200}
        required
        error={errors.name}
        onChange={(e) => onChange({ name: e.target.value })}
      />
      <Field
        id="slug"
        label="URL name"
        value={draft.slug}
        maxLength={100}
        error={errors.slug}
        hint={
          creating
            ? 'The end of the product page’s address, e.g. linen-shirt. Leave it empty to make one from the name.'
            : url
              ? `The product page: ${url}`
              : undefined
        }
        onChange={(e) => onChange({ slug: e.target.value.toLowerCase() })}
      />
      <Field
        id="handle"
        label="Handle"
        value={draft.handle}
        maxLength={100}
        readOnly={!creating}
        error={errors.handle}
        hint={
          creating
            ? 'A lasting name for this product in other systems, e.g. your stock system’s code. Leave it empty to use the URL name. It cannot be changed later.'
            : 'Set when the product was created; it does not change when the URL name does.'
        }
        onChange={(e) => onChange({ handle: e.target.value })}
      />
      <TextArea
        id="description"
        label="Description"
        rows={5}
        value={draft.description}
        maxLength={20000}
        hint="Plain text; each line becomes a paragraph."
        onChange={(e) => onChange({ description: e.target.value })}
      />
      <div className="grid gap-x-4 md:grid-cols-2">
        <ChoiceGroup legend="Visibility">
          <Choice
            type="checkbox"
            shape="chip"
            checked={draft.visible}
            onChange={(e) => onChange({ visible: e.target.checked })}
          >
            Show in the shop
          </Choice>
        </ChoiceGroup>
        <ChoiceGroup legend="Type">
          <div className="flex flex-wrap gap-2">
            <Choice
              shape="chip"
              name="productType"
              checked={draft.productType === 'PHYSICAL'}
              onChange={() => onChange({ productType: 'PHYSICAL' })}
            >
              Physical (shipped)
            </Choice>
            <Choice
              shape="chip"
              name="productType"
              checked={draft.productType === 'DIGITAL'}
              onChange={() => onChange({ productType: 'DIGITAL' })}
            >
              Digital
            </Choice>
          </div>
        </ChoiceGroup>
      </div>
    </EditorSection>
  );
}
