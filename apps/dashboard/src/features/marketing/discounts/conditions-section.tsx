/**
 * The rule dialog's "Conditions": none (the rule applies to every cart), or up to five rows, all
 * or any of which a cart must meet. A stored trigger the rows cannot hold is shown in words, kept
 * as it is, with "Remove conditions" to drop it.
 */
import { Button, Choice, ChoiceGroup } from '@vitrine/ui';
import { useEffect, useRef, useState } from 'react';
import { ConditionRow } from './condition-row.tsx';
import {
  emptyDraft,
  MAX_CONDITIONS,
  newCondition,
  type ChainMode,
  type ConditionsDraft,
  type TriggerNode,
} from './conditions.ts';
import { triggerText } from './describe.ts';
import { useTriggerNames } from './trigger-names.ts';

/** The rows being edited, or a stored trigger kept as it is. */
export type ConditionsState = { draft: ConditionsDraft } | { kept: TriggerNode };

const ADD_ID = 'rule-add-condition';
const modes: [ChainMode, string][] = [
  ['AND', 'All conditions must be met'],
  ['OR', 'Any condition'],
];

export function ConditionsSection({
  value,
  onChange,
  errors,
  currency,
}: {
  value: ConditionsState;
  onChange: (next: ConditionsState) => void;
  /** By control id; `conditions` for the whole. */
  errors: Record<string, string>;
  currency: string | undefined;
}) {
  const [added, setAdded] = useState<string>();
  // After a removal, focus goes to "Add a condition" (once it is rendered, and enabled again).
  const focusAdd = useRef(false);
  useEffect(() => {
    if (!focusAdd.current) return;
    focusAdd.current = false;
    document.getElementById(ADD_ID)?.focus();
  });
  const clear = () => {
    focusAdd.current = true;
    onChange({ draft: emptyDraft() });
  };
  if ('kept' in value) return <KeptConditions trigger={value.kept} currency={currency} onRemove={clear} />;
  const { mode, conditions } = value.draft;
  const set = (draft: Partial<ConditionsDraft>) => onChange({ draft: { ...value.draft, ...draft } });
  const full = conditions.length >= MAX_CONDITIONS;
  const add = () => {
    const c = newCondition();
    setAdded(c.key);
    set({ conditions: [...conditions, c] });
  };
  const remove = (key: string) => {
    focusAdd.current = true;
    set({ conditions: conditions.filter((c) => c.key !== key) });
  };
  const general = errors.conditions;

  return (
    <ChoiceGroup legend="Conditions" aria-describedby={general ? 'rule-conditions-error' : undefined}>
      {conditions.length === 0 ? (
        <p className="mb-2 text-sm text-muted">Applies to every cart.</p>
      ) : (
        conditions.length > 1 && (
          <ChoiceGroup legend="Which must be met" hideLegend className="mb-3">
            <div className="flex flex-wrap gap-2">
              {modes.map(([m, label]) => (
                <Choice
                  key={m}
                  shape="chip"
                  name="conditions-mode"
                  value={m}
                  checked={mode === m}
                  onChange={() => set({ mode: m })}
                >
                  {label}
                </Choice>
              ))}
            </div>
          </ChoiceGroup>
        )
      )}
      {general && (
        <p id="rule-conditions-error" className="mb-2 text-sm text-danger">
          {general}
        </p>
      )}
      {conditions.map((c, i) => (
        <ConditionRow
          key={c.key}
          index={i}
          condition={c}
          currency={currency}
          errors={errors}
          autoFocus={c.key === added}
          onChange={(next) => set({ conditions: conditions.map((x) => (x.key === c.key ? next : x)) })}
          onRemove={() => remove(c.key)}
        />
      ))}
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Button id={ADD_ID} variant="secondary" size="sm" onClick={add} disabled={full}>
          Add a condition
        </Button>
        <span className="text-sm text-muted">
          {full
            ? `At most ${MAX_CONDITIONS} conditions.`
            : conditions.length
              ? ''
              : 'A subtotal, a number of items, or chosen members.'}
        </span>
      </div>
    </ChoiceGroup>
  );
}

function KeptConditions({
  trigger,
  currency,
  onRemove,
}: {
  trigger: TriggerNode;
  currency: string | undefined;
  onRemove: () => void;
}) {
  const names = useTriggerNames([trigger], currency);
  return (
    <ChoiceGroup legend="Conditions">
      <p className="mb-1">{triggerText(trigger, names)}.</p>
      <p className="mb-2 text-sm text-muted">
        These conditions cannot be changed here; saving keeps them as they are. Remove them to apply the rule
        to every cart, or to set new ones.
      </p>
      <Button variant="secondary" size="sm" onClick={onRemove}>
        Remove conditions
      </Button>
    </ChoiceGroup>
  );
}
